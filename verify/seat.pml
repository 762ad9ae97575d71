/* SPDX-License-Identifier: MIT */
/* seat.pml: Promela model of the seats (docs/seat.md; registry.hpp
 * try_take_seat, src/registry.cpp leave_seat and inject_call, injector.hpp,
 * in_worker.hpp in_worker_cold) and, with -DWAITS, of what a thread may take
 * at each level of its search (docs/scheduling.md; worker_thread.cpp
 * find_work, thread_pool.hpp spawn, in_worker.hpp push_or_inject_part).
 *
 * Seats (the default): NC callers from outside, NS seats, one worker. A
 * caller takes a free seat, or queues its call with a seat request and looks
 * at the seats again; a leaver hands its seat to the oldest request, or frees
 * it and looks again for a request. The worker takes queued calls from the
 * front of the queue while it serves, and may stop serving at any moment for
 * good (a worker busy in a long job). Properties: one occupant per seat
 * (S1); every caller's call runs exactly once, in a seat or on the worker,
 * even when the worker never serves (so no call waits for a worker while a
 * seat is free: such a state would end with a caller blocked); the request
 * count equals the requests queued. Every shared access is seq_cst (SC), as
 * in the code; MUT_STORE_LOAD_REORDER gives the leaver's free store the TSO
 * reordering a release store would have.
 *
 * Waits (-DWAITS): a worker at the top of its loop runs a job that joins
 * (pushes a child on its deque) and spawns a detached job; a seated caller
 * waits in a join whose half the worker stole, and searches from a wait.
 * Property: a thread inside a wait never runs a new call (a spawned job, an
 * injected call); every job runs once.
 *
 * Planted bugs: MUT_NO_LEAVER_LOOK (leave_seat frees without looking for a
 * request again), MUT_NO_CALLER_LOOK (the caller queues without looking at
 * the seats again), MUT_STORE_LOAD_REORDER (the leaver's look before its free
 * store becomes visible), MUT_NO_WITHDRAW (a caller that got a seat after
 * queuing leaves its call queued and runs it too); with -DWAITS,
 * MUT_SPAWN_ON_DEQUE (a worker's spawn pushed on its deque) and
 * MUT_WAIT_TAKES_CALLS (find_work from a wait takes injected new calls). */

#ifndef NC
#define NC 3
#endif
#ifndef NS
#define NS 1
#endif

#define NONE 255

#ifndef WAITS

/* --- seats -------------------------------------------------------------- */

bit taken[NS];        /* thread_info::m_seat_taken */
byte occupants[NS];   /* ghost: threads working in seat s (S1: at most 1) */

/* The new-call injector: a FIFO of callers' calls, each with its request
 * (every entry here carries one), and the request count. Each operation on
 * it is one atomic step: it runs under the injector's mutex. */
byte queue[NC];
byte qlen;
byte requests;        /* injector::m_requests */

bit latch[NC];        /* each caller's lock_latch */
byte handed[NC];      /* seat_request::m_handed_seat (NONE: not handed) */
byte runs[NC];        /* ghost: how many times caller i's call ran */
byte done;            /* callers returned */

/* Removes entry k of the queue, keeping the order of the others. */
inline remove_at(k) {
  do
  :: k + 1 < qlen -> queue[k] = queue[k + 1]; k++
  :: else -> break
  od;
  qlen--;
  queue[qlen] = NONE;
  requests--
}

/* injector::pop_seat_request: the oldest request (every entry has one);
 * NONE if none. Constant time at 0 requests: no mutex, no scan. */
inline pop_seat_request(who) {
  atomic {
    if
    :: requests == 0 -> who = NONE
    :: else ->
      assert(qlen > 0);
      who = queue[0];
      k = 0;
      remove_at(k)
    fi
  }
}

/* registry::leave_seat(s), by a caller in seat s. */
inline leave_seat(s) {
  occupants[s]--;
  do
  :: pop_seat_request(next);
     if
     :: next != NONE ->
       handed[next] = s;     /* before the set; nothing of *next after it */
       latch[next] = 1;
       break
     :: else -> skip
     fi;
#ifdef MUT_STORE_LOAD_REORDER
     /* a release store waits in the store buffer past the load below */
     if
     :: requests == 0 -> taken[s] = 0; break
     :: else -> taken[s] = 0
     fi;
#else
     taken[s] = 0;           /* L2: seq_cst store */
#ifdef MUT_NO_LEAVER_LOOK
     break;
#endif
     if
     :: requests == 0 -> break   /* L3: seq_cst load */
     :: else -> skip
     fi;
#endif
     /* L4: take it back to hand it over, unless a caller took it */
     atomic {
       if
       :: taken[s] == 0 -> taken[s] = 1
       :: else -> break
       fi
     }
  od
}

/* Runs caller `me`'s call in seat s, then leaves it. */
inline run_seated(s) {
  occupants[s]++;
  assert(occupants[s] == 1);   /* S1 */
  runs[me]++;
  leave_seat(s)
}

proctype caller(byte me) {
  byte s = NONE;
  byte next;
  byte k;
  bit withdrawn;
  /* try_take_seat: the lowest free seat, one CAS each */
  k = 0;
  do
  :: k < NS ->
    atomic {
      if
      :: taken[k] == 0 -> taken[k] = 1; s = k
      :: else -> skip
      fi
    }
    if
    :: s != NONE -> break
    :: else -> k++
    fi
  :: else -> break
  od;
  if
  :: s != NONE -> run_seated(s); goto returned
  :: else -> skip
  fi;
  /* C2: the call with its request, counted (seq_cst store, mutex held) */
  atomic {
    queue[qlen] = me;
    qlen++;
    requests++
  }
#ifndef MUT_NO_CALLER_LOOK
  /* C3: a seat freed meanwhile (seq_cst CAS on each) */
  k = 0;
  do
  :: k < NS ->
    atomic {
      if
      :: taken[k] == 0 -> taken[k] = 1; s = k
      :: else -> skip
      fi
    }
    if
    :: s != NONE -> break
    :: else -> k++
    fi
  :: else -> break
  od;
  if
  :: s != NONE ->
    /* C4: injector::withdraw */
#ifdef MUT_NO_WITHDRAW
    withdrawn = 1;
#else
    atomic {
      withdrawn = 0;
      k = 0;
      do
      :: k < qlen && queue[k] == me -> withdrawn = 1; remove_at(k); break
      :: k < qlen && queue[k] != me -> k++
      :: k >= qlen -> break
      od
    }
#endif
    if
    :: withdrawn -> run_seated(s); goto returned
    :: else -> occupants[s]++; leave_seat(s)   /* a worker or a leaver has it */
    fi
  :: else -> skip
  fi;
#endif
  /* C5 (or after C4 failed): wait for the worker or a hand-over */
  latch[me] == 1;
  if
  :: handed[me] != NONE -> run_seated(handed[me])
  :: else -> skip               /* the worker ran it */
  fi;
returned:
  done++
}

/* The worker at the top of its loop: takes queued calls from the front,
 * until it stops serving for good (busy in a long job). */
active proctype worker() {
  byte who;
  byte k;
  do
  :: atomic {
       qlen > 0 ->
       who = queue[0];
       k = 0;
       remove_at(k)
     }
     runs[who]++;
     latch[who] = 1
  :: break
  od
}

init {
  byte i;
  atomic {
    i = 0;
    do
    :: i < NC -> queue[i] = NONE; handed[i] = NONE; i++
    :: else -> break
    od;
    i = 0;
    do
    :: i < NC -> run caller(i); i++
    :: else -> break
    od
  }
  /* Every caller returned: every call ran exactly once, the queue is empty
   * and nobody sits. A caller blocked for ever is an invalid end state. */
  done == NC;
  i = 0;
  do
  :: i < NC -> assert(runs[i] == 1); i++
  :: else -> break
  od;
  assert(qlen == 0 && requests == 0);
  i = 0;
  do
  :: i < NS -> assert(taken[i] == 0 && occupants[i] == 0); i++
  :: else -> break
  od
}

#else

/* --- waits: what find_work may take at each level ---------------------- */

/* Jobs: the worker's first job spawns SPAWNED (a detached job, a new call)
 * and joins: it pushes CHILD, which the seated caller's wait may steal.
 * CALL is a call injected from outside (a new call); PART is a part of a
 * running call injected by another pool's worker. */
#define CHILD 1
#define SPAWNED 2
#define CALL 3
#define PART 4

byte deque[4];        /* the worker's deque: its owner pops the newest, thieves the oldest */
byte dlen;
byte calls[4];        /* the new-call injector (FIFO) */
byte clen;
byte parts;           /* the part injector: PART jobs */
byte ran[5];          /* ghost: runs of each job kind */
bit child_done;
bit seat_waiting;

inline push_deque(j) { atomic { deque[dlen] = j; dlen++ } }
inline push_call(j) { atomic { calls[clen] = j; clen++ } }

inline pop_call(j) {
  atomic {
    if
    :: clen > 0 ->
      j = calls[0];
      k = 0;
      do
      :: k + 1 < clen -> calls[k] = calls[k + 1]; k++
      :: else -> break
      od;
      clen--
    :: else -> j = 0
    fi
  }
}

/* Runs job j from `level` (1: nested, inside a wait). */
inline execute(j, nested) {
  assert(!(nested && (j == SPAWNED || j == CALL)));   /* no new call inside a wait */
  ran[j]++;
  if
  :: j == CHILD -> child_done = 1
  :: else -> skip
  fi
}

/* The seated caller: its own join's half was stolen by nobody yet; it waits
 * until CHILD, the worker's half it depends on, is done, searching from a
 * wait: own deque (empty), a steal from the worker, injected parts, and,
 * only with the planted bug, new calls. */
active proctype seated_caller() {
  byte j;
  byte k;
  seat_waiting = 1;
  do
  :: child_done -> break
  :: else ->
    atomic {
      if
      :: dlen > 0 ->
        j = deque[0];
        k = 0;
        do
        :: k + 1 < dlen -> deque[k] = deque[k + 1]; k++
        :: else -> break
        od;
        dlen--
      :: else -> j = 0
      fi
    }
    if
    :: j == 0 ->
      atomic {
        if
        :: parts > 0 -> parts--; j = PART
        :: else -> skip
        fi
      }
    :: else -> skip
    fi;
#ifdef MUT_WAIT_TAKES_CALLS
    if
    :: j == 0 -> pop_call(j)
    :: else -> skip
    fi;
#endif
    if
    :: j != 0 -> execute(j, 1)
    :: else -> skip
    fi
  od
}

/* The worker: at the top of its loop; its first job spawns and joins. */
active proctype worker() {
  byte j;
  byte k;
  /* its first job, from the top: spawn, then join (push CHILD, run the
   * first half, then pop CHILD back unless stolen) */
#ifdef MUT_SPAWN_ON_DEQUE
  push_deque(SPAWNED);
#else
  push_call(SPAWNED);
#endif
  push_deque(CHILD);
  /* the join's first half; then its own deque, newest first (pops CHILD
   * back, or finds it stolen, and, with the bug, the spawned job) */
  do
  :: atomic {
       if
       :: dlen > 0 -> dlen--; j = deque[dlen]
       :: else -> j = 0
       fi
     }
     if
     :: j != 0 -> execute(j, 0)
     :: else -> break
     fi
  od;
  /* back at the top: anything, until every job has run */
  do
  :: atomic { clen > 0 -> pop_call(j) }; execute(j, 0)
  :: atomic { parts > 0 -> parts--; j = PART }; execute(j, 0)
  :: ran[SPAWNED] == 1 && ran[CALL] == 1 && ran[PART] == 1 && child_done -> break
  od;
  assert(ran[CHILD] == 1 && dlen == 0 && clen == 0 && parts == 0)
}

/* A thread outside: a new call, and another pool's worker: a part. */
active proctype outside() {
  push_call(CALL);
  atomic { parts++ }
}

#endif
