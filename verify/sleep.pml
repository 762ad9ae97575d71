/* SPDX-License-Identifier: MIT */
/* sleep.pml: Promela model of the sleep/wake handshake of src/sleep.cpp
 * (docs/sleep.md): NW workers that search, announce sleepy, register as
 * sleepers and block on their condvar; an injector outside the pool that
 * posts with the PushFence; a poster inside the pool (a worker that pushes a
 * child job on its own deque, new_internal_jobs, no fence). Property: in every
 * state where no process can move, every posted job was run (no lost
 * wake-up), plus the counter invariants of docs/sleep.md#counters.
 * Memory: every step is sequentially consistent except the two store->load
 * reorderings the fences exist for (see verify/README.md#memory-model).
 * Built with -DNP and run with pan -l, the progress label on running a job
 * shows that no execution goes on for ever without running one: so every run
 * reaches such a state, and every posted job is eventually run.
 * Macros (spin -D...): NW workers, NJ jobs in all (NC of them children pushed
 * by a worker, the rest injected), NO_JEC, JEC_MOD, and the planted bugs
 * MUT_NO_PUSH_FENCE, MUT_NO_SLEEP_FENCE, MUT_NO_FINAL_CHECK, MUT_AWAKE_IDLE,
 * MUT_NEVER_BLOCK. */

#ifndef NW
#define NW 2
#endif
#ifndef NJ
#define NJ 2
#endif
#ifndef NC
#if NJ >= 2
#define NC 1
#else
#define NC 0
#endif
#endif
#define NI (NJ - NC)
/* The JEC field wraps at JEC_MOD (sleep_counters: 2^32); JEC_MOD=2 makes it
 * wrap at once, the case docs/sleep.md gives the final injector look for. */
#ifndef JEC_MOD
#define JEC_MOD 64
#endif
/* Failed rounds that only yield before announcing sleepy (k_rounds_until_sleepy
 * = 32 in the code): they repeat identical searches, so 0 keeps every
 * interleaving of the search that matters while keeping the state space small. */
#ifndef RS
#define RS 0
#endif

/* The counters word (atomic_sleep_counters): every update is one atomic step. */
byte jec = 0;       /* jobs-event counter; even = sleepy, odd = active */
byte sleeping = 0;  /* sleeping threads */
byte inactive = 0;  /* inactive threads (idle, sleepy or sleeping) */

/* The queues as other threads see them: q[i] is worker i's deque (bottom -
 * top), q[INJ] the injector (m_size). Thread k (INJ: the outside thread)
 * pushes only on q[k], and sb[k] counts its pushes still in its store buffer
 * (TSO: visible to itself only until flushed). */
#define INJ NW
byte q[NW + 1];
byte sb[NW + 1];

/* worker_sleep_state: the mutex, m_is_blocked, and the condvar's wait set
 * (waiting[i]: i is inside condvar.wait; a notify with no waiter is lost). */
bit mtx[NW];
bit blocked[NW];
bit waiting[NW];

byte posted = 0;          /* jobs pushed (injected or internal) */
byte ran = 0;             /* jobs taken to run */
byte spawns_left = NC;    /* injected jobs that still push a child */

/* A locked instruction or a fence of thread k empties its store buffer. */
#define DRAIN(k) q[k] = q[k] + sb[k]; sb[k] = 0

/* sleep::wake_specific_thread(t), called by thread `me`: lock t's
 * mutex (a locked RMW), and if t is blocked clear the flag, notify, and take it
 * off the sleeping count. By Lipton reduction the critical section is one step:
 * it has one access outside the mutex (the counters RMW). */
inline wake_specific(me, t, woke) {
  atomic {
    mtx[t] == 0 ->
    DRAIN(me);
    if
    :: blocked[t] ->
      blocked[t] = 0;
      waiting[t] = 0;  /* notify_one: lost if t is not waiting yet */
      assert(sleeping > 0 && sleeping <= inactive);
      sleeping--;
      woke = 1
    :: else -> woke = 0
    fi
  }
}

/* sleep::wake_any_threads(n): scan from index 0 until n were woken. */
inline wake_any(me, n, t, woke) {
  t = 0;
  do
  :: t < NW && n > 0 ->
    wake_specific(me, t, woke);
    n = n - woke;
    t++
  :: else -> break
  od;
  atomic { n = 0; t = 0; woke = 0 }
}

/* sleep::new_jobs(1, was_empty), after the caller's push (and PushFence): make
 * an even JEC odd (a CAS: a locked RMW, drains the caller's buffer) or just
 * load the word, then the wake rules. */
inline new_jobs(me, was_empty, n, t, woke) {
  atomic {
#ifndef NO_JEC
    if
    :: jec % 2 == 0 ->
      jec = (jec + 1) % JEC_MOD;
      DRAIN(me)
    :: else -> skip
    fi;
#endif
    if
    :: sleeping == 0 -> n = 0
    :: sleeping > 0 && !was_empty -> n = 1  /* min(jobs, sleepers) */
#ifdef MUT_AWAKE_IDLE
    /* planted bug: counts sleepers as awake idle threads */
    :: sleeping > 0 && was_empty && inactive < 1 -> n = 1
    :: sleeping > 0 && was_empty && inactive >= 1 -> n = 0
#else
    :: sleeping > 0 && was_empty && inactive - sleeping < 1 -> n = 1
    :: sleeping > 0 && was_empty && inactive - sleeping >= 1 -> n = 0
#endif
    fi;
    was_empty = 0
  }
  wake_any(me, n, t, woke)
}

/* registry::inject, NI times: is_empty(), push (lock: drains the previous push;
 * the size store stays in the buffer), sleep::new_injected_jobs. */
active proctype injector() {
  byte k = 0;
  bit was_empty;
  byte n, t;
  bit woke;
  do
  :: k < NI ->
    was_empty = (q[INJ] + sb[INJ] == 0);  /* m_injector.is_empty(), store forwarding */
    atomic { DRAIN(INJ); sb[INJ] = 1; posted++; k++ }
#ifndef MUT_NO_PUSH_FENCE
    atomic { DRAIN(INJ) }  /* PushFence; folded: a flush may come any time */
#endif
    new_jobs(INJ, was_empty, n, t, woke)
  :: else -> break
  od
}

/* The store buffers drain into memory at any time. */
active proctype memory() {
end_memory:
  do
  :: atomic { sb[INJ] > 0 -> DRAIN(INJ) }
  :: atomic { sb[0] > 0 -> DRAIN(0) }
  :: atomic { sb[1] > 0 -> DRAIN(1) }
#if NW > 2
  :: atomic { sb[2] > 0 -> DRAIN(2) }
#endif
  od
}

/* worker_thread::main_loop = wait_until(terminate latch), which this model
 * never sets (latch.pml checks the latch): run_one forever. */
proctype worker(byte i) {
  byte rounds, mine, v, n, t;
  bit found, spawns, look, registered, woke, was_empty;
run_one:
  /* take_local_job(): pop has a seq_cst fence (drains our buffer) */
  atomic {
    DRAIN(i);
    if
    :: q[i] > 0 -> q[i]--; ran++; found = 1
    :: else -> found = 0
    fi
  }
  if
  :: found -> found = 0; goto progress_execute  /* a child: spawns nothing */
  :: else -> skip
  fi;
  /* sleep::start_looking */
  atomic { inactive++; assert(inactive <= NW); rounds = 0 }
search:
  /* find_work(): own deque (empty: only we push on it, and run_one just
   * popped it), then steal(): a random start, each other worker once (a
   * steal that loses a race for the last job finds it gone), then the injector. */
#if NW > 2
  if
  :: v = 0
  :: v = 1
  :: v = 2
  fi;
#endif
  n = 0;
  do
  :: n < NW && !found ->
    atomic {
      t = (v + n) % NW;
      if
      :: t != i && q[t] > 0 -> q[t]--; ran++; found = 1
      :: else -> skip
      fi;
      n++;
      t = 0
    }
  :: else -> break
  od;
  n = 0;
  v = 0;
  if
  :: !found ->
    atomic {
      if
      :: q[INJ] > 0 ->
        q[INJ]--;
        ran++;
        found = 1;
        if
        :: spawns_left > 0 -> spawns_left--; spawns = 1
        :: else -> skip
        fi
      :: else -> skip
      fi
    }
  :: else -> skip
  fi;
  if
  :: found ->
    /* sleep::work_found(): inactive - 1, wake min(sleeping, 2) */
    atomic {
      assert(sleeping < inactive);
      inactive--;
      if
      :: sleeping >= 2 -> n = 2
      :: else -> n = sleeping
      fi;
      found = 0;
      rounds = 0;
      mine = 0
    }
    wake_any(i, n, t, woke);
    goto progress_execute
  :: else -> skip
  fi;
  /* sleep::no_work_found */
  if
  :: rounds < RS -> rounds++; goto search
  :: rounds == RS ->
    /* announce_sleepy: an odd JEC becomes even; remember it */
    atomic {
#ifndef NO_JEC
      if
      :: jec % 2 == 1 -> jec = (jec + 1) % JEC_MOD; DRAIN(i)
      :: else -> skip
      fi;
#endif
      mine = jec;
      rounds++
    }
    goto search
  :: else -> skip
  fi;
  /* sleep::fall_asleep. Steps 1 and 3 (the latch) cannot fail here. */
  /* Step 2: lock our mutex (a locked RMW). */
  atomic { mtx[i] == 0 -> mtx[i] = 1; DRAIN(i) }
#ifdef MUT_NO_SLEEP_FENCE
  /* Without the SleepFence the injector load of step 6 may be satisfied
   * before the registration's write is visible: read it before step 4. */
  look = (q[INJ] > 0);
#endif
  /* Step 4: register if the JEC is unchanged (load + CAS, one RMW). */
  atomic {
    if
    :: jec == mine ->
      assert(sleeping < inactive);
      sleeping++;
      registered = 1
    :: else -> registered = 0
    fi;
    mine = 0
  }
  if
  :: !registered ->
    /* wake_partly, latch.wake_up, unlock */
    atomic { mtx[i] = 0; rounds = RS; look = 0 }
    goto search
  :: else -> registered = 0
  fi;
  /* Step 5: the SleepFence (our buffer is already empty: the lock drained it).
   * Step 6: the last look at the injector; then either undo the registration
   * or block: m_is_blocked = true and condvar.wait, which releases the mutex
   * and enters the wait set in one step. Blocking is one step with the load by
   * Lipton reduction: the load is its only access outside the mutex. */
  atomic {
#ifndef MUT_NO_SLEEP_FENCE
    look = (q[INJ] > 0);
#endif
#ifdef MUT_NO_FINAL_CHECK
    look = 0;
#endif
#ifdef MUT_NEVER_BLOCK
    look = 1;  /* planted bug: never blocks, spins for ever (rayon #343) */
#endif
    if
    :: look -> skip
    :: else ->
      blocked[i] = 1;
      mtx[i] = 0;
      waiting[i] = 1
    fi
  }
  if
  :: look ->
    /* sub_sleeping_thread (we were never blocked, nobody else will), then
     * wake_fully, latch.wake_up, unlock. */
    atomic {
      assert(sleeping > 0 && sleeping <= inactive);
      sleeping--;
      mtx[i] = 0;
      look = 0;
      rounds = 0
    }
    goto search
  :: else -> skip
  fi;
  /* while (m_is_blocked) condvar.wait(lock): notified, then the mutex is
   * retaken; only a waker clears the flag, so the loop ends. Then unlock,
   * wake_fully, latch.wake_up. */
end_blocked:
  atomic {
    !waiting[i] && mtx[i] == 0 ->
    assert(!blocked[i]);
    rounds = 0
  }
  goto search;
  /* progress: every cycle of the state graph must pass here (pan -l). */
progress_execute:
  /* The job runs; an injected one may push a child on our deque
   * (worker_thread::push: is_empty, push, new_internal_jobs; no fence). */
  if
  :: spawns ->
    atomic {
      spawns = 0;
      was_empty = (q[i] + sb[i] == 0);
      sb[i]++;
      posted++
    }
    new_jobs(i, was_empty, n, t, woke)
  :: else -> skip
  fi;
  goto run_one
}

init {
  atomic {
    run worker(0);
    run worker(1);
#if NW > 2
    run worker(2);
#endif
  }
}

/* Whenever no process can move (every worker blocked, the injector done), no
 * job is stranded: a lost wake-up would leave one here. */
active proctype quiescent() {
  timeout ->
  assert(posted == NJ && ran == NJ && q[INJ] == 0 && sb[INJ] == 0)
}
