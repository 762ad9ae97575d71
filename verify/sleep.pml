/* SPDX-License-Identifier: MIT */
/* sleep.pml: Promela model of the sleep/wake handshake of src/sleep.cpp
 * (docs/sleep.md, docs/scheduling.md#waking): NW workers that search,
 * announce sleepy, register as sleepers and block on their condvar, NN of
 * them from a wait inside a call (search_level::nested) and the others from
 * the top of their loop (search_level::top); a thread outside the pool that
 * injects new calls (new_injected_calls: only a top-level thread may take
 * one) and parts of running calls (new_injected_jobs: anyone may take one),
 * with the PushFence; a poster inside the pool (a worker that pushes a child
 * job on its own deque, new_internal_jobs, no fence); the counters word and
 * the m_top_idle word. Property: in every state where no process can move,
 * every posted job was run (no lost wake-up) and both words count exactly the
 * blocked threads, plus the counter invariants of docs/sleep.md#counters and
 * docs/scheduling.md#waking.
 * Memory: every step is sequentially consistent except the two store->load
 * reorderings the fences exist for (see verify/README.md#memory-model).
 * Built with -DNP and run with pan -l, the progress label on running a job
 * shows that no execution goes on for ever without running one: so every run
 * reaches such a state, and every posted job is eventually run.
 * Macros (spin -D...): NW workers, NN of them nested (1), NJ jobs in all (NC
 * children pushed by a worker, NP injected parts, the rest new calls),
 * TWO_POSTERS (the parts come from a second outside thread), NO_JEC, JEC_MOD,
 * and the planted bugs MUT_NO_PUSH_FENCE, MUT_NO_SLEEP_FENCE,
 * MUT_NO_FINAL_CHECK, MUT_AWAKE_IDLE, MUT_NEVER_BLOCK, MUT_NESTED_COUNTED,
 * MUT_WAKE_ANY_SLEEPER, MUT_TOP_AFTER_FENCE. */

#ifndef NW
#define NW 2
#endif
/* Workers 0 .. NN-1 search from a wait: each waits in a join whose stolen
 * half runs elsewhere for the whole run (its latch is never set here), so it
 * may pop its own deque, steal and take parts, never a new call. The others
 * search from the top (serve_until_terminated; the terminate latch is never
 * set here). The nested ones have the lower indices, the ones a wake scan
 * (wake_any_threads, from index 0) meets first. */
#ifndef NN
#define NN 1
#endif
#define NT (NW - NN)  /* top-level workers */
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
#ifndef NP
#if NJ >= 3
#define NP 1
#else
#define NP 0
#endif
#endif
#define NI (NJ - NC - NP)  /* new calls */
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

/* search_level; a worker's level never changes here. */
#define LV_NESTED 0
#define LV_TOP 1
#define AT_TOP(i) ((i) >= NN)

/* The counters word (atomic_sleep_counters): every update is one atomic step. */
byte jec = 0;       /* jobs-event counter; even = sleepy, odd = active */
byte sleeping = 0;  /* sleeping threads */
byte inactive = 0;  /* inactive threads (idle, sleepy or sleeping) */

/* m_top_idle (top_idle_counts), a second word: awake idle top-level threads
 * (low half) and sleeping top-level threads (high half). */
byte top_awake = 0;
byte top_sleeping = 0;
/* Ghost: top-level threads that a waker or their own last look took off the
 * counters' sleeping count and that m_top_idle still counts as sleeping (the
 * two RMWs are separate). The cross-word invariant is
 * top_sleeping <= sleeping + leaving, not top_sleeping <= sleeping. */
byte leaving = 0;

/* The queues as other threads see them: q[i] is worker i's deque (bottom -
 * top), q[CALLS] the new-call injector (m_injected_calls.m_size), q[PARTS] the
 * part injector (m_injected_parts.m_size). Thread k pushes only on q[k]
 * (CALLS: the outside caller; PARTS: the worker of another pool), and sb[k]
 * counts its pushes still in its store buffer (TSO: visible to itself only
 * until flushed). */
#define CALLS NW
#define PARTS (NW + 1)
byte q[NW + 2];
byte sb[NW + 2];

/* worker_sleep_state: the mutex, m_is_blocked, and the condvar's wait set
 * (waiting[i]: i is inside condvar.wait; a notify with no waiter is lost).
 * m_blocked_at_top is set at each block to the thread's level, which is fixed
 * here: it is AT_TOP(i). */
bit mtx[NW];
bit blocked[NW];
bit waiting[NW];
#define BLOCKED_AT_TOP(t) AT_TOP(t)

byte posted = 0;          /* jobs pushed (injected or internal) */
byte ran = 0;             /* jobs taken to run */
byte spawns_left = NC;    /* injected jobs that still push a child */

/* An injected job taken while spawns_left > 0 pushes a child when it runs. */
#define TAKE_SPAWN \
  if \
  :: spawns_left > 0 -> spawns_left--; spawns = 1 \
  :: else -> skip \
  fi

/* A locked instruction or a fence of thread k empties its store buffer. One
 * outside thread (k = CALLS) posts both kinds, so its pushes are in sb[CALLS]
 * and sb[PARTS] (at most one of them pending: each push's lock drains the one
 * before); with TWO_POSTERS, thread PARTS posts the parts. */
#ifdef TWO_POSTERS
#define DRAIN(k) q[k] = q[k] + sb[k]; sb[k] = 0
#else
#define DRAIN(k) \
  q[k] = q[k] + sb[k]; sb[k] = 0; \
  if \
  :: k == CALLS -> q[PARTS] = q[PARTS] + sb[PARTS]; sb[PARTS] = 0 \
  :: else -> skip \
  fi
#endif

/* The last look of fall_asleep (has_injected_job(level)): parts, then new
 * calls from the top only. Two loads; read by LOOK_PARTS then LOOK_CALLS. */
#define LOOK_PARTS(i) (q[PARTS] > 0)
#define LOOK_CALLS(i) (AT_TOP(i) && q[CALLS] > 0)

/* top_thread_sleeps (one RMW: awake - 1, sleeping + 1) and top_thread_wakes
 * (sleeping - 1, awake + 1); each drains the thread's buffer. */
#define TOP_SLEEPS(k) \
  assert(top_awake > 0); top_awake--; top_sleeping++; \
  assert(top_sleeping <= sleeping + leaving); DRAIN(k)
#define TOP_WAKES(k) \
  assert(top_sleeping > 0 && leaving > 0); top_sleeping--; top_awake++; \
  leaving--; assert(top_awake + top_sleeping <= NT); DRAIN(k)

/* sleep::wake_specific_thread(t, takers), called by thread `me`: lock t's
 * mutex (a locked RMW); if t is blocked, and takers is nested or t blocked at
 * the top: clear the flag, notify, take it off the counters' sleeping count,
 * and if it blocked at the top move it from sleeping to awake in m_top_idle.
 * By Lipton reduction the critical section is one step per access outside the
 * mutex: the counters RMW (with the lock), then the m_top_idle RMW (with the
 * unlock; t's mutex stays held in between). */
inline wake_specific(me, t, woke, takers) {
  atomic {
    mtx[t] == 0 ->
    DRAIN(me);
    if
    :: blocked[t] && (takers == LV_NESTED || BLOCKED_AT_TOP(t)) ->
      blocked[t] = 0;
      waiting[t] = 0;  /* notify_one: lost if t is not waiting yet */
      assert(sleeping > 0 && sleeping <= inactive);
      sleeping--;
      leaving = leaving + BLOCKED_AT_TOP(t);
      assert(top_sleeping <= sleeping + leaving);
      mtx[t] = BLOCKED_AT_TOP(t);  /* held on for the second RMW */
      woke = 1
    :: else -> woke = 0
    fi
  }
  if
  :: woke && BLOCKED_AT_TOP(t) -> atomic { TOP_WAKES(me); mtx[t] = 0 }
  :: else -> skip
  fi
}

/* sleep::wake_any_threads(n, takers): scan from index 0 until n were woken. */
inline wake_any(me, n, t, woke, takers) {
  t = 0;
  do
  :: t < NW && n > 0 ->
    wake_specific(me, t, woke, takers);
    n = n - woke;
    t++
  :: else -> break
  od;
  atomic { n = 0; t = 0; woke = 0 }
}

/* The wake rule for one job: sleepers, awake idle threads (aw) that may take
 * it. Sets n to the number to wake. */
inline wake_rule(sl, aw, was_empty, n) {
  if
  :: sl == 0 -> n = 0
  :: sl > 0 && !was_empty -> n = 1  /* min(jobs, sleepers) */
  :: sl > 0 && was_empty && aw < 1 -> n = 1
  :: sl > 0 && was_empty && aw >= 1 -> n = 0
  fi
}

/* sleep::new_jobs(1, was_empty, takers), after the caller's push (and
 * PushFence): make an even JEC odd (a CAS: a locked RMW, drains the caller's
 * buffer) or just load the word; for takers nested the wake rule runs on that
 * word, for takers top (a new call) on a second load, of m_top_idle; then
 * wake_any_threads(n, takers). */
inline new_jobs(me, was_empty, takers, n, t, woke) {
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
    :: takers == LV_NESTED ->
#ifdef MUT_AWAKE_IDLE
      /* planted bug: counts sleepers as awake idle threads */
      wake_rule(sleeping, inactive, was_empty, n)
#else
      wake_rule(sleeping, inactive - sleeping, was_empty, n)
#endif
    :: else ->
#ifdef MUT_NESTED_COUNTED
      t = inactive - sleeping  /* kept for the rule below */
#else
      skip
#endif
    fi
  }
  if
  :: takers == LV_TOP ->
    /* m_top_idle.load() (seq_cst) */
    atomic {
#if defined(MUT_NESTED_COUNTED)
      /* planted bug: the awake idle threads of the counters word, at any
       * level, counted as able to take a new call */
      wake_rule(top_sleeping, t, was_empty, n)
#elif defined(MUT_AWAKE_IDLE)
      wake_rule(top_sleeping, top_awake + top_sleeping, was_empty, n)
#else
      wake_rule(top_sleeping, top_awake, was_empty, n)
#endif
    }
  :: else -> skip
  fi;
  was_empty = 0;
#ifdef MUT_WAKE_ANY_SLEEPER
  /* planted bug: a new call wakes any blocked thread, one in a wait too */
  wake_any(me, n, t, woke, LV_NESTED)
#else
  wake_any(me, n, t, woke, takers)
#endif
}

/* A thread outside the pool (me: CALLS or PARTS) posts nc new calls
 * (in_worker_cold with the seat taken, spawn from outside:
 * injected_as::new_call) and np parts of running calls (in_worker_cross, a
 * worker of another pool: injected_as::part_of_call), in any order. For each,
 * registry::inject: is_empty(), push (lock: drains the previous push; the size
 * store stays in the buffer), then sleep::new_injected_calls or
 * new_injected_jobs. */
proctype poster(byte me, nc, np) {
  byte k;
  bit was_empty, takers;
  byte n, t;
  bit woke;
  do
  :: nc > 0 || np > 0 ->
    if
    :: nc > 0 -> atomic { nc--; k = CALLS; takers = LV_TOP }
    :: np > 0 -> atomic { np--; k = PARTS; takers = LV_NESTED }
    fi;
    was_empty = (q[k] + sb[k] == 0);  /* is_empty(), store forwarding */
    atomic { DRAIN(me); sb[k] = 1; posted++; k = 0 }
#ifndef MUT_NO_PUSH_FENCE
    atomic { DRAIN(me) }  /* PushFence; folded: a flush may come any time */
#endif
    new_jobs(me, was_empty, takers, n, t, woke);
    takers = 0
  :: else -> break
  od
}

/* The store buffers drain into memory at any time. */
active proctype memory() {
end_memory:
  do
  :: atomic { sb[CALLS] > 0 -> DRAIN(CALLS) }
  :: atomic { sb[PARTS] > 0 -> DRAIN(PARTS) }
  :: atomic { sb[0] > 0 -> DRAIN(0) }
  :: atomic { sb[1] > 0 -> DRAIN(1) }
#if NW > 2
  :: atomic { sb[2] > 0 -> DRAIN(2) }
#endif
  od
}

/* A top-level worker: serve_until_terminated, run_one(terminate, top) for
 * ever. A nested one: wait_until_cold on a latch never set here,
 * run_one(latch, nested) for ever. */
proctype worker(byte i) {
  byte rounds, mine, v, n, t;
  bit found, spawns, look, registered, woke, was_empty;
run_one:
  /* take_own_work -> take_local_job(): pop has a seq_cst fence (drains our
   * buffer). (Every 61st time at the top the injectors come first: only an
   * order, not modelled.) */
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
  /* sleep::start_looking(i, level): inactive + 1, then at the top awake + 1 */
  atomic { inactive++; assert(inactive <= NW); rounds = 0 }
  if
  :: AT_TOP(i) ->
    atomic { top_awake++; assert(top_awake + top_sleeping <= NT); DRAIN(i) }
  :: else -> skip
  fi;
search:
  /* find_work(level): own deque (empty: only we push on it, and run_one just
   * popped it). From the top: the injectors (parts, then new calls; two pops),
   * then steal(). From a wait: steal(), then the part injector. steal(): a
   * random start, each other worker once (a steal that loses a race for the
   * last job finds it gone). */
  if
  :: AT_TOP(i) ->
#if NP > 0
    atomic {
      if
      :: q[PARTS] > 0 -> q[PARTS]--; ran++; found = 1; TAKE_SPAWN
      :: else -> skip
      fi
    };
#endif
    if
    :: !found ->
      atomic {
        if
        :: q[CALLS] > 0 -> q[CALLS]--; ran++; found = 1; TAKE_SPAWN
        :: else -> skip
        fi
      }
    :: else -> skip
    fi
  :: else -> skip
  fi;
#if NW > 2
  if
  :: !found ->
    if
    :: v = 0
    :: v = 1
    :: v = 2
    fi
  :: else -> skip
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
#if NP > 0
  if
  :: !found && !AT_TOP(i) ->
    atomic {
      if
      :: q[PARTS] > 0 ->
        q[PARTS]--;
        ran++;
        found = 1;
        TAKE_SPAWN
      :: else -> skip
      fi
    }
  :: else -> skip
  fi;
#endif
  if
  :: found ->
    /* sleep::work_found(idle): at the top awake - 1; then inactive - 1, wake
     * min(sleeping, 2) of any level */
    if
    :: AT_TOP(i) ->
      atomic { assert(top_awake > 0); top_awake--; DRAIN(i) }
    :: else -> skip
    fi;
    atomic {
      assert(sleeping < inactive);
      inactive--;
      if
      :: sleeping >= 2 -> n = 2
      :: else -> n = sleeping
      fi;
      found = 0;
      rounds = 0;
      mine = 0;
      DRAIN(i)
    }
    wake_any(i, n, t, woke, LV_NESTED);
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
  /* Without the SleepFence the loads of step 6 may be satisfied before the
   * registration's writes are visible: read them before step 4. */
  look = LOOK_PARTS(i) || LOOK_CALLS(i);
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
#ifndef MUT_TOP_AFTER_FENCE
  /* At the top: top_thread_sleeps, before the SleepFence. */
  if
  :: AT_TOP(i) -> atomic { TOP_SLEEPS(i) }
  :: else -> skip
  fi;
#else
  /* Planted bug: top_thread_sleeps after the SleepFence, just before the last
   * look. The look's acquire loads may then be satisfied before that seq_cst
   * RMW is visible (C++ allows it; x86 does not): read them first. */
  if
  :: AT_TOP(i) ->
    atomic { look = LOOK_PARTS(i) || LOOK_CALLS(i) }
    atomic { TOP_SLEEPS(i) }
  :: else -> skip
  fi;
#endif
  /* Step 5: the SleepFence (our buffer is already empty: the lock drained it).
   * Step 6: the last look (parts, then new calls from the top); then either
   * undo the registration or block: m_is_blocked = true, m_blocked_at_top =
   * level, and condvar.wait, which releases the mutex and enters the wait set
   * in one step. Blocking is one step with the second load by Lipton
   * reduction: the loads are its only accesses outside the mutex. */
#if NP > 0 && !defined(MUT_NO_SLEEP_FENCE) && !defined(MUT_TOP_AFTER_FENCE)
  look = LOOK_PARTS(i);
#elif NP > 0 && defined(MUT_TOP_AFTER_FENCE)
  if
  :: !AT_TOP(i) -> look = LOOK_PARTS(i)
  :: else -> skip
  fi;
#endif
  atomic {
#if !defined(MUT_NO_SLEEP_FENCE) && !defined(MUT_TOP_AFTER_FENCE)
    look = look || LOOK_CALLS(i);
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
    /* sub_sleeping_thread (we were never blocked, nobody else will), at the
     * top top_thread_wakes, then wake_fully, latch.wake_up, unlock. */
    atomic {
      assert(sleeping > 0 && sleeping <= inactive);
      sleeping--;
      if
      :: !AT_TOP(i) -> mtx[i] = 0
      :: else -> leaving++
      fi;
      assert(top_sleeping <= sleeping + leaving);
      look = 0;
      rounds = 0
    }
    if
    :: AT_TOP(i) -> atomic { TOP_WAKES(i); mtx[i] = 0 }
    :: else -> skip
    fi;
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
    new_jobs(i, was_empty, LV_NESTED, n, t, woke)
  :: else -> skip
  fi;
  goto run_one
}

init {
  atomic {
#ifdef TWO_POSTERS
    run poster(CALLS, NI, 0);
    run poster(PARTS, 0, NP);
#else
    run poster(CALLS, NI, NP);
#endif
    run worker(0);
    run worker(1);
#if NW > 2
    run worker(2);
#endif
  }
}

/* Whenever no process can move (every worker blocked, the posters done), no
 * job is stranded (a lost wake-up would leave one here), and both counter
 * words count exactly the blocked threads. */
active proctype quiescent() {
  timeout ->
  assert(posted == NJ && ran == NJ &&
         q[CALLS] == 0 && sb[CALLS] == 0 && q[PARTS] == 0 && sb[PARTS] == 0);
  assert(inactive == NW && sleeping == NW && top_sleeping == NT && top_awake == 0 && leaving == 0)
}
