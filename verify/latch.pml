/* SPDX-License-Identifier: MIT */
/* latch.pml: Promela model of core_latch and spin_latch (latch.hpp,
 * src/latch.cpp; docs/latch.md): a worker (the owner) that waits on its
 * joins' latches with the real fall_asleep steps, two thieves that set them,
 * the owner's frames that die when their joins return, the pool's
 * destruction (terminate latch, join, last reference), and the cross-pool
 * keep-alive of the registry. Properties: the owner is never blocked for
 * ever (in every state where no process can move it has exited and the pool
 * is gone), the setter never touches a dead frame, nobody touches a freed
 * registry, each b runs once.
 * Macros (spin -D...): NJOIN joins in a row, CROSS (the setters are workers of
 * another pool: in_worker_cross), and the planted bugs MUT_FALL_ASLEEP_STORE,
 * MUT_LATE_LOCK, MUT_WAKE_UP_STORE, MUT_READ_AFTER_SET, MUT_NO_KEEP_ALIVE. */

#ifndef NJOIN
#define NJOIN 2
#endif

/* core_latch states */
#define UNSET 0
#define SLEEPY 1
#define SLEEPING 2
#define SET 3

/* lat[k]: the latch of the owner's k-th join; lat[TERM]: its terminate latch,
 * which lives in the registry (thread_info::m_terminate). */
#define TERM NJOIN
byte lat[NJOIN + 1];
/* b_state[k]: 0 not queued yet, 1 queued (owner's deque, or the other pool's
 * injector), 2 popped back by the owner, 3 taken by the thief. */
byte b_state[NJOIN];
bit frame_alive[NJOIN];  /* the frame of join k (its stack_job and latch) */

/* Registry A (the owner's pool): alive until its last reference goes. */
bit reg_alive = 1;
byte reg_refs = 1;  /* the thread_pool handle */
/* The owner's worker_sleep_state (in registry A) and the sleeping count. */
bit mtx;
bit blocked;
bit waiting;
byte sleeping = 0;

bit owner_done;    /* the owner's computation returned: its frames are gone */
bit owner_exited;  /* the owner's thread left main_loop */
#define NTHIEF 2
byte thieves_done;
bit stray_done;
bit destroyed;

/* sleep::wake_specific_thread(owner), by any thread: the registry must be
 * alive from the lock to the unlock. */
inline wake_owner() {
  assert(reg_alive);
  atomic {
    mtx == 0 ->
    assert(reg_alive);
    if
    :: blocked ->
      blocked = 0;
      waiting = 0;  /* notify_one: lost if the owner is not waiting yet */
      assert(sleeping > 0);
      sleeping--
    :: else -> skip
    fi
  }
}

/* core_latch::wake_up: if not SET, CAS SLEEPING -> UNSET. The probe and the
 * CAS are one step: the CAS fails on SET anyway. */
inline latch_wake_up(L) {
#ifdef MUT_WAKE_UP_STORE
  /* planted bug: probe, then a plain store that may overwrite a SET */
  if
  :: lat[L] != SET -> lat[L] = UNSET
  :: else -> skip
  fi
#else
  atomic {
    if
    :: lat[L] == SLEEPING -> lat[L] = UNSET
    :: else -> skip
    fi
  }
#endif
}

/* worker_thread::wait_until(latch L) with the idle loop reduced to what it
 * does here (the searches find nothing of interest), and sleep::fall_asleep
 * step by step. What the rest of the pool does shows up as the two
 * nondeterministic exits (step 4: the JEC moved; step 6: the injector has a
 * job) and as the stray waker. */
inline wait_until(L, ok) {
  do
  :: lat[L] == SET -> break  /* probe() */
  :: else ->
    /* Step 1: get_sleepy, CAS UNSET -> SLEEPY. */
    atomic {
      if
      :: lat[L] == UNSET -> lat[L] = SLEEPY; ok = 1
      :: else -> ok = 0
      fi
    }
    if
    :: ok ->
#ifndef MUT_LATE_LOCK
      atomic { mtx == 0 -> mtx = 1 }  /* step 2: lock our mutex */
#endif
      /* Step 3: fall_asleep, CAS SLEEPY -> SLEEPING. */
#ifdef MUT_FALL_ASLEEP_STORE
      lat[L] = SLEEPING;  /* planted bug: a plain store */
#else
      atomic {
        if
        :: lat[L] == SLEEPY -> lat[L] = SLEEPING
        :: else -> ok = 0
        fi
      }
#endif
#ifdef MUT_LATE_LOCK
      atomic { mtx == 0 -> mtx = 1 }  /* planted bug: lock after publishing */
#endif
      if
      :: !ok -> mtx = 0  /* set meanwhile: wake_fully, unlock */
      :: ok ->
        /* Step 4: the JEC moved (wake_partly), or register as a sleeper. */
        if
        :: latch_wake_up(L); mtx = 0
        :: sleeping++;
          /* Step 6: the last look found a job (sub_sleeping_thread), or block:
           * m_is_blocked = true, then condvar.wait releases the mutex and
           * enters the wait set in one step. */
          if
          :: sleeping--
          :: atomic { blocked = 1; mtx = 0; waiting = 1 }
end_wait:   atomic { !waiting && mtx == 0 -> mtx = 1; assert(!blocked) }
          fi;
          latch_wake_up(L);  /* after wake_fully, still under the mutex */
          mtx = 0
        fi
      fi;
      ok = 0
    :: else -> skip  /* set meanwhile: the loop's probe sees it */
    fi
  od
}

/* A worker of pool A: NJOIN joins in a row (or, with CROSS, NJOIN installs on
 * the other pool), then its main loop waits on its terminate latch: wait k is
 * on lat[k], and wait NJOIN on lat[TERM]. */
active proctype owner() {
  byte k = 0;
  bit need, ok;
  do
  :: k <= NJOIN ->
    if
    :: k < NJOIN ->
      /* join: the frame holds b's stack_job and latch; push b (or inject it) */
      atomic { frame_alive[k] = 1; b_state[k] = 1 }
      /* ... a runs here ... */
#ifndef CROSS
      /* take_local_job: pop b back unless a thief took it (the CAS on top);
       * then b runs inline and there is nothing to wait for */
      atomic {
        if
        :: b_state[k] == 1 -> b_state[k] = 2
        :: else -> need = 1
        fi
      }
#else
      need = 1
#endif
    :: else ->
      /* the computation returned; main_loop waits on the terminate latch */
      owner_done = 1;
      need = 1
    fi;
    if
    :: need -> wait_until(k, ok)
    :: else -> skip
    fi;
    /* the join returns: its frame, and the latch in it, are gone */
    atomic {
      if
      :: k < NJOIN -> frame_alive[k] = 0
      :: else -> skip
      fi;
      k++;
      need = 0
    }
  :: else -> break
  od;
  owner_exited = 1
}

/* A thief (a worker of pool A, or with CROSS a worker of the other pool):
 * takes b of joins first, first + NTHIEF, ..., runs it, and calls
 * spin_latch::set. Two thieves, so that one may still be in set() for one
 * join while the owner sleeps in the next. */
proctype thief(byte first) {
  byte k = first;
  byte old;
  bit got;
  do
  :: k < NJOIN ->
    atomic {
      b_state[k] != 0 ->
      if
      :: b_state[k] == 1 -> b_state[k] = 3; got = 1
      :: else -> skip  /* the owner popped it back */
      fi
    }
    if
    :: got ->
      /* stack_job::execute runs b; then spin_latch::set copies m_registry,
       * m_target_worker_index and m_cross out of the latch */
      assert(frame_alive[k]);
#if defined(CROSS) && !defined(MUT_NO_KEEP_ALIVE)
      atomic { assert(reg_alive); reg_refs++ }  /* shared_from_this() */
#endif
      /* core_latch::set: exchange(SET), the last access to the latch */
      atomic { assert(frame_alive[k]); old = lat[k]; lat[k] = SET }
#ifdef MUT_READ_AFTER_SET
      assert(frame_alive[k]);  /* planted bug: reads the index after the exchange */
#endif
      /* registry::notify_latch_set: wake the owner if it was SLEEPING */
      if
      :: old == SLEEPING -> wake_owner()
      :: else -> skip
      fi;
#if defined(CROSS) && !defined(MUT_NO_KEEP_ALIVE)
      /* keep_alive goes out of scope: it may be the last reference */
      atomic {
        reg_refs--;
        if
        :: reg_refs == 0 -> assert(owner_exited && stray_done); reg_alive = 0
        :: else -> skip
        fi
      }
#endif
      atomic { old = 0; got = 0 }
    :: else -> skip
    fi;
    k = k + NTHIEF
  :: else -> break
  od;
  thieves_done++
}

init {
  atomic {
    run thief(0);
    run thief(1)
  }
}

/* Another thread of pool A that wakes the owner once, at any time (a poster,
 * or a worker that found work): the owner's wake-ups are not all the
 * setter's. */
active proctype stray() {
  wake_owner();
  stray_done = 1
}

/* ~thread_pool once the computation returned: terminate() sets the terminate
 * latch (in the registry), join_workers() waits for pool A's threads, and the
 * handle's reference goes. */
active proctype destroyer() {
  byte old;
  owner_done;
  atomic { assert(reg_alive); old = lat[TERM]; lat[TERM] = SET }
  if
  :: old == SLEEPING -> wake_owner()
  :: else -> skip
  fi;
  owner_exited;
  stray_done;
#ifndef CROSS
  thieves_done == NTHIEF;  /* the thieves are pool A's workers */
#endif
  atomic {
    reg_refs--;
    if
    :: reg_refs == 0 -> reg_alive = 0
    :: else -> skip
    fi;
    destroyed = 1
  }
}

/* Whenever no process can move: the owner was not left blocked, everyone
 * finished, every b ran exactly once, and the counts are back to zero. */
active proctype quiescent() {
  byte k;
  timeout ->
  assert(owner_exited && thieves_done == NTHIEF && destroyed && sleeping == 0 && !blocked);
  for (k : 0 .. NJOIN - 1) {
    assert(b_state[k] == 2 || b_state[k] == 3)
  }
}
