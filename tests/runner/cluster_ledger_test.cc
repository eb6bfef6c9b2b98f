// The cluster ledger (src/runner/cluster_ledger.h) on the in-memory store:
// two or three replicas, one database, a ManualClock each, no PostgreSQL. What
// "each instant once" rests on: a second claim refused, leases renewed or the
// run stopped before they end, a lost run taken over once and the old holder
// fenced, an unreachable store failing closed, a claim whose reply was lost
// released rather than held forever.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>

#include "runner/cluster_ledger.h"
#include "runner/memory_store.h"
#include "testing.h"

namespace fuzzycron::runner {
namespace {

using namespace std::chrono_literals;
using testing::at;

const sys_milliseconds kStart = at("2026-03-01T12:00:00Z");

std::shared_ptr<JobState> job(const std::string& name, Concurrency c = Concurrency::allow, bool rerun = false) {
  auto s = std::make_shared<JobState>();
  s->job.name = name;
  s->job.settings.concurrency = c;
  s->job.settings.rerun_lost = rerun;
  return s;
}

// One replica: its clock (moved with the database's), its log, its ledger.
struct Replica {
  Replica(MemoryDatabase& db, const std::string& name, ManualClock& clock) : clock_(clock), log(out, true, clock) {
    auto s = std::make_unique<MemoryClaimStore>(db);
    store = s.get();
    ClusterOptions o;
    o.replica = name;
    o.claim_delay = 2s;
    o.lease = 15s;
    ledger = std::make_unique<ClusterLedger>(o, std::move(s), clock, log);
  }
  ManualClock& clock_;
  std::ostringstream out;
  Log log;
  MemoryClaimStore* store = nullptr;
  std::unique_ptr<ClusterLedger> ledger;
  std::vector<HeldRun> held;  // the runs this replica has going, as its loop would tell the ledger
};

struct Cluster : ::testing::Test {
  ManualClock clock{kStart};
  MemoryDatabase db{[this] { return clock.now(); }};
  std::vector<std::shared_ptr<JobState>> states{job("a"), job("f", Concurrency::forbid),
                                                job("r", Concurrency::allow, true)};

  // A turn of a replica's loop: what it starts or takes over it runs until the ledger stops it.
  LedgerTurn turn(Replica& r) {
    LedgerTurn t = r.ledger->turn(states, r.held);
    for (const auto& f : t.start) r.held.push_back({{f.state->job.name, f.instant}, f.claim});
    for (const auto& f : t.rerun) r.held.push_back({{f.state->job.name, f.instant}, f.claim});
    for (const auto& s : t.stop) std::erase_if(r.held, [&](const HeldRun& h) { return h.fire == s.fire; });
    return t;
  }
  // Every replica has a turn (heartbeats: each sees the others live).
  void meet(std::vector<Replica*> rs) {
    for (int i = 0; i < 2; ++i)
      for (Replica* r : rs) turn(*r);
  }
  // Turns of every replica until the claim delay has passed.
  std::vector<LedgerTurn> settle(std::vector<Replica*> rs) {
    std::vector<LedgerTurn> out(rs.size());
    for (int i = 0; i < 3; ++i) {
      for (std::size_t k = 0; k < rs.size(); ++k) {
        auto t = turn(*rs[k]);
        for (auto& f : t.start) out[k].start.push_back(f);
      }
      clock.advance(1s);
    }
    return out;
  }
};

TEST_F(Cluster, OneReplicaWinsEachFireTheOtherIsRefused) {
  Replica a(db, "a", clock), b(db, "b", clock);
  ASSERT_EQ(a.ledger->open(), "");
  ASSERT_EQ(b.ledger->open(), "");
  meet({&a, &b});
  std::size_t won_a = 0, won_b = 0;
  for (int i = 0; i < 20; ++i) {  // each minute both replicas ask for the instant
    EXPECT_FALSE(a.ledger->may_run(states[0], clock.now()));
    EXPECT_FALSE(b.ledger->may_run(states[0], clock.now()));
    const auto turns = settle({&a, &b});
    won_a += turns[0].start.size();
    won_b += turns[1].start.size();
    clock.advance(57s);
  }
  EXPECT_EQ(won_a + won_b, 20u);  // each instant once, between the two
  EXPECT_GT(won_a, 0u);           // rendezvous hashing spreads them
  EXPECT_GT(won_b, 0u);
  EXPECT_EQ(db.fires["a"].size(), 20u);
}

TEST_F(Cluster, AnInstantAheadOfTheStoreClockIsNotClaimedEarly) {
  Replica a(db, "a", clock);
  ASSERT_EQ(a.ledger->open(), "");
  a.ledger->may_run(states[0], kStart + 10s);  // this replica's clock is 10 s ahead
  EXPECT_TRUE(turn(a).start.empty());
  clock.advance(8s);  // within --max-skew (1 s) of the instant, not before
  EXPECT_TRUE(turn(a).start.empty());
  clock.advance(1s);
  EXPECT_EQ(turn(a).start.size(), 1u);
}

TEST_F(Cluster, ForbidIsDecidedAcrossReplicasAndTheSkipIsSaidOnce) {
  Replica a(db, "a", clock), b(db, "b", clock);
  ASSERT_EQ(a.ledger->open(), "");
  ASSERT_EQ(b.ledger->open(), "");
  a.ledger->may_run(states[1], kStart);
  ASSERT_EQ(turn(a).start.size(), 1u);  // a runs f's first instant and holds its lease
  for (int i = 0; i < 60; ++i, clock.advance(1s)) turn(a);
  b.ledger->may_run(states[1], kStart + 1min);
  a.ledger->may_run(states[1], kStart + 1min);
  const auto turns = settle({&a, &b});
  EXPECT_TRUE(turns[0].start.empty());
  EXPECT_TRUE(turns[1].start.empty());
  EXPECT_EQ(db.fires["f"].at((kStart + 1min).time_since_epoch().count()).state, "skipped");
  EXPECT_EQ(a.ledger->cluster()->overlap + b.ledger->cluster()->overlap, 1u);
}

TEST_F(Cluster, AnUnreachableStoreFailsClosedAndStopsRunsBeforeTheLeaseEnds) {
  Replica a(db, "a", clock);
  ASSERT_EQ(a.ledger->open(), "");
  a.ledger->may_run(states[0], kStart);
  const auto won = turn(a).start;
  ASSERT_EQ(won.size(), 1u);
  a.store->faults.unreachable = true;
  a.ledger->may_run(states[0], kStart + 1s);
  bool stopped = false;
  for (int i = 0; i < 15 && !stopped; ++i) {
    clock.advance(1s);
    const auto t = turn(a);
    EXPECT_TRUE(t.start.empty());  // fail closed: nothing runs without the store's word
    stopped = !t.stop.empty();
    if (stopped) {
      EXPECT_LT(clock.now(), kStart + 15s);  // before a peer may take it over
    }
  }
  EXPECT_TRUE(stopped);
}

// Every store call hangs for the statement timeout and fails: the loop is held
// up in each, and must still stop its run before the lease it last renewed ends.
TEST_F(Cluster, StoreCallsThatTimeOutStillStopRunsBeforeTheLeaseEnds) {
  Replica a(db, "a", clock);
  ASSERT_EQ(a.ledger->open(), "");
  a.ledger->may_run(states[0], kStart);
  const auto claimed_at = clock.now();
  ASSERT_EQ(turn(a).start.size(), 1u);
  ClusterOptions o;
  o.lease = 15s;
  a.store->faults.slow = [&] { clock.advance(o.statement_timeout()); };
  a.store->faults.time_outs = 1'000;
  bool stopped = false;
  for (int i = 0; i < 30 && !stopped; ++i) {
    a.ledger->may_run(states[0], clock.now());  // new fires: claims that hang too
    stopped = !turn(a).stop.empty();
    if (stopped) {
      EXPECT_LT(clock.now(), claimed_at + o.lease);  // the store's lease still holds: no peer has taken it
    }
    clock.advance(1s);
  }
  EXPECT_TRUE(stopped);
  EXPECT_EQ(o.statement_timeout(), 1500ms);
}

TEST_F(Cluster, ALostRunIsTakenOverOnceAndItsOldHolderIsFenced) {
  Replica a(db, "a", clock), b(db, "b", clock), c(db, "c", clock);
  for (Replica* r : {&a, &b, &c}) ASSERT_EQ(r->ledger->open(), "");
  meet({&a, &b, &c});
  a.ledger->may_run(states[2], kStart);
  std::vector<LedgerFire> won;
  for (int i = 0; i < 4 && won.empty(); ++i, clock.advance(1s)) won = turn(a).start;  // after the claim delay, if any
  ASSERT_EQ(won.size(), 1u);
  const HeldRun run = a.held.at(0);
  // a pauses past its lease: b and c see the run lost, one of them takes it over.
  clock.advance(20s);
  std::size_t reruns = 0;
  int attempt = 0;
  for (int i = 0; i < 10; ++i) {
    for (Replica* r : {&b, &c}) {
      const auto t = turn(*r);
      reruns += t.rerun.size();
      for (const auto& f : t.rerun) attempt = f.claim;
    }
    clock.advance(1s);
  }
  EXPECT_EQ(reruns, 1u);
  EXPECT_EQ(attempt, 2);
  // a resumes: its renewal no longer holds the run, so it kills it, and its end is not recorded.
  const auto back = turn(a);
  ASSERT_EQ(back.stop.size(), 1u);
  EXPECT_EQ(back.stop[0].fire, run.fire);
  a.ledger->ended(run.fire, run.claim, "killed", std::nullopt);
  a.ledger->flush();
  const auto& row = db.fires["r"].at(kStart.time_since_epoch().count());
  EXPECT_EQ(row.state, "running");
  EXPECT_EQ(row.attempt, 2);
  EXPECT_NE(row.replica, "a");
}

TEST_F(Cluster, AClaimWhoseReplyWasLostIsReleasedNotHeldForever) {
  Replica a(db, "a", clock), b(db, "b", clock);
  ASSERT_EQ(a.ledger->open(), "");
  ASSERT_EQ(b.ledger->open(), "");
  a.store->faults.lose_replies = 1;  // the claim commits; a never hears so
  a.ledger->may_run(states[1], kStart);
  EXPECT_TRUE(turn(a).start.empty());
  ASSERT_EQ(db.fires["f"].size(), 1u);
  for (int i = 0; i < 10; ++i) {  // renewals: a finds a row none of its runs stands for
    clock.advance(1s);
    turn(a);
  }
  const auto& row = db.fires["f"].at(kStart.time_since_epoch().count());
  EXPECT_EQ(row.state, "skipped");
  EXPECT_NE(a.out.str().find("its reply was lost"), std::string::npos);
  // The job is not held: the next instant runs (forbid sees no live run).
  b.ledger->may_run(states[1], kStart + 1min);
  a.ledger->may_run(states[1], kStart + 1min);
  clock.advance(1min);
  const auto turns = settle({&a, &b});
  EXPECT_EQ(turns[0].start.size() + turns[1].start.size(), 1u);
}

TEST_F(Cluster, EverythingWaitingWhileTheStoreWasAwayGoesThroughCatchUp) {
  Replica a(db, "a", clock);
  ASSERT_EQ(a.ledger->open(), "");
  a.store->faults.unreachable = true;
  for (int i = 0; i < 5; ++i) {
    a.ledger->may_run(states[0], kStart + std::chrono::seconds{i});
    clock.advance(1s);
    EXPECT_TRUE(turn(a).start.empty());
  }
  a.store->faults.unreachable = false;
  clock.advance(5s);
  // catchup: skip: what could not be asked about is missed, said; nothing runs late.
  EXPECT_TRUE(turn(a).start.empty());
  EXPECT_EQ(a.ledger->cluster()->missed, 5u);
  EXPECT_TRUE(db.fires["a"].empty()) << a.out.str();
}

}  // namespace
}  // namespace fuzzycron::runner
