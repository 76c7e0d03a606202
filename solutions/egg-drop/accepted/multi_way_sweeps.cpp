// expect-score: 100 100
// Accepted, full score: a few elevator sweeps (up, down, up, ...), in each of which
// every unsolved egg is dropped several times, and the permutation does part of the work.
//
// An egg's candidates are the floors in its interval [low, high] not yet known to belong
// to another egg. In an up sweep the egg is dropped at its k-th lowest candidate: if it
// shatters, k candidates are left and the egg waits for the next sweep; if not, the c - k
// candidates above are left and the egg is dropped again higher up in the same sweep,
// and so on (a down sweep mirrors this). The step k for c candidates and r sweeps left
// comes from a dynamic programme over the expected number of drops (uniform prior), and
// the last sweep scans the candidates one by one, so every egg is solved in S sweeps;
// S minimises the expected drops + 2 N per sweep (N floors and a direction change P = N).
// Between sweeps, an egg with one candidate is solved, and so is the only egg whose
// interval holds some free floor.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <vector>

namespace {

// Drops egg `egg` from floor `floor`: true if it shatters. Exits quietly on -1 or when
// the judge is gone.
bool shatters(int egg, int floor) {
  std::cout << "? " << egg << ' ' << floor << '\n' << std::flush;
  int reply = -1;
  if (!(std::cin >> reply) || reply < 0) std::exit(0);
  return reply == 1;
}

// The floors not known to belong to a solved egg: a Fenwick tree of 0/1 counts.
class FreeFloors {
 public:
  explicit FreeFloors(int n) : n_(n), tree_(n + 1, 0), free_(n + 1, 1) {
    for (int floor = 1; floor <= n; ++floor) add(floor, 1);
  }
  bool is_free(int floor) const { return free_[floor] != 0; }
  void take(int floor) {
    if (!free_[floor]) return;
    free_[floor] = 0;
    add(floor, -1);
  }
  // Free floors in [low, high].
  int count(int low, int high) const { return low > high ? 0 : prefix(high) - prefix(low - 1); }
  // The k-th free floor at or above `low` (k >= 1; it must exist).
  int kth(int low, int k) const {
    int wanted = prefix(low - 1) + k;
    int position = 0;
    int step = 1;
    while (step * 2 <= n_) step *= 2;
    for (; step > 0; step /= 2) {
      if (position + step <= n_ && tree_[position + step] < wanted) {
        position += step;
        wanted -= tree_[position];
      }
    }
    return position + 1;
  }

 private:
  void add(int floor, int delta) {
    for (; floor <= n_; floor += floor & -floor) tree_[floor] += delta;
  }
  int prefix(int floor) const {
    int sum = 0;
    for (; floor > 0; floor -= floor & -floor) sum += tree_[floor];
    return sum;
  }

  int n_;
  std::vector<int> tree_;
  std::vector<char> free_;
};

// step(r, c): where an egg with c >= 2 candidates and r sweeps left (this one included)
// is dropped: at its step-th candidate in the sweep's direction. expected(r, c) is the
// expected number of drops to solve it, p uniform over the candidates:
//   expected(r, 1) = 0
//   expected(r, c) = 1 + min over k of  k/c * expected(r-1, k) + (c-k)/c * expected(r, c-k)
// where r = 1 allows only k = 1: the last sweep must not leave an egg two candidates.
class DropPlan {
 public:
  DropPlan(int n, int max_sweeps) : expected_(max_sweeps + 1), step_(max_sweeps + 1) {
    for (int r = 1; r <= max_sweeps; ++r) {
      expected_[r].assign(n + 1, 0.0);
      step_[r].assign(n + 1, 1);
      for (int c = 2; c <= n; ++c) {
        // The best k grows slowly with c: search everything for small c, then a window
        // around the previous best.
        const int top = r == 1 ? 1 : c - 1;
        int first = 1;
        int last = top;
        if (r > 1 && c > 400) {
          first = std::max(1, step_[r][c - 1] - 4);
          last = std::min(top, step_[r][c - 1] + 4);
        }
        double best = 1e300;
        for (int k = first; k <= last; ++k) {
          const double after = k == 1 ? 0.0 : expected_[r - 1][k];  // k > 1 only when r > 1
          const double value = 1.0 + (k * after + (c - k) * expected_[r][c - k]) / c;
          if (value < best) {
            best = value;
            step_[r][c] = k;
          }
        }
        expected_[r][c] = best;
      }
    }
  }
  double expected(int sweeps, int candidates) const { return expected_[sweeps][candidates]; }
  int step(int sweeps, int candidates) const { return step_[sweeps][candidates]; }

 private:
  std::vector<std::vector<double>> expected_;
  std::vector<std::vector<int>> step_;
};

class Solver {
 public:
  explicit Solver(int n) : n_(n), low_(n + 1, 1), high_(n + 1, n), floor_of_(n + 1, 0), free_(n) {}

  void run(const DropPlan& plan, int sweeps) {
    bool up = true;
    for (int sweep = 0; unsolved() > 0; ++sweep) {
      sweep_once(plan, std::max(1, sweeps - sweep), up);
      propagate();
      up = !up;
    }
  }

  const std::vector<int>& floors() const { return floor_of_; }

 private:
  int unsolved() const { return static_cast<int>(std::count(floor_of_.begin() + 1, floor_of_.end(), 0)); }
  int candidates(int egg) const { return free_.count(low_[egg], high_[egg]); }

  void solve(int egg, int floor) {
    floor_of_[egg] = floor;
    low_[egg] = high_[egg] = floor;
    free_.take(floor);
  }

  // Where `egg` is dropped next in this sweep, with the elevator at `elevator` (0 when
  // the sweep has not started), or 0 if it waits for the next sweep. Solves an egg left
  // with one candidate.
  int target(const DropPlan& plan, int egg, int sweeps_left, bool up, int elevator) {
    const int count = candidates(egg);
    if (count == 1) {
      solve(egg, free_.kth(low_[egg], 1));
      return 0;
    }
    const int k = plan.step(sweeps_left, count);
    int floor = free_.kth(low_[egg], up ? k : count - k);
    if (elevator != 0 && (up ? floor < elevator : floor > elevator)) {
      // Floors taken since the plan was made moved the target behind the elevator: the
      // nearest candidate ahead instead, unless it is the highest candidate (a drop there
      // always shatters).
      if (up) {
        if (free_.count(elevator, high_[egg]) < 2) return 0;
        floor = free_.kth(elevator, 1);
      } else {
        const int below = free_.count(low_[egg], elevator);
        if (below < 1 || below == count) return 0;
        floor = free_.kth(low_[egg], below);
      }
    }
    return floor;
  }

  void sweep_once(const DropPlan& plan, int sweeps_left, bool up) {
    std::vector<std::vector<int>> waiting(n_ + 1);
    for (int egg = 1; egg <= n_; ++egg) {
      if (floor_of_[egg] != 0) continue;
      if (const int floor = target(plan, egg, sweeps_left, up, 0); floor != 0) waiting[floor].push_back(egg);
    }
    for (int step = 0; step < n_; ++step) {
      const int floor = up ? step + 1 : n_ - step;
      for (std::size_t i = 0; i < waiting[floor].size(); ++i) {
        const int egg = waiting[floor][i];
        if (floor_of_[egg] != 0) continue;
        const int planned = target(plan, egg, sweeps_left, up, floor);
        if (planned == 0) continue;
        if (planned != floor) {
          waiting[planned].push_back(egg);
          continue;
        }
        const bool shattered = shatters(egg, floor);
        if (shattered) {
          high_[egg] = floor;
        } else {
          low_[egg] = floor + 1;
        }
        if (candidates(egg) == 1) {
          solve(egg, free_.kth(low_[egg], 1));
        } else if (shattered != up) {  // still going the sweep's way: drop it again further on
          if (const int next = target(plan, egg, sweeps_left, up, floor); next != 0) waiting[next].push_back(egg);
        }
      }
    }
  }

  // Solves every egg the permutation pins down: an egg with one candidate floor, and the
  // only egg whose interval holds some free floor. Repeats until nothing changes.
  void propagate() {
    for (bool changed = true; changed;) {
      changed = false;
      std::vector<int> cover(n_ + 2, 0);
      std::vector<std::int64_t> egg_sum(n_ + 2, 0);
      for (int egg = 1; egg <= n_; ++egg) {
        if (floor_of_[egg] != 0) continue;
        const int count = candidates(egg);
        low_[egg] = free_.kth(low_[egg], 1);
        high_[egg] = free_.kth(low_[egg], count);
        if (count == 1) {
          solve(egg, low_[egg]);
          changed = true;
          continue;
        }
        ++cover[low_[egg]];
        --cover[high_[egg] + 1];
        egg_sum[low_[egg]] += egg;
        egg_sum[high_[egg] + 1] -= egg;
      }
      int covering = 0;
      std::int64_t sum = 0;
      for (int floor = 1; floor <= n_; ++floor) {
        covering += cover[floor];
        sum += egg_sum[floor];
        if (covering != 1 || !free_.is_free(floor)) continue;
        const auto egg = static_cast<int>(sum);
        if (floor_of_[egg] == 0 && low_[egg] <= floor && floor <= high_[egg]) {
          solve(egg, floor);
          changed = true;
        }
      }
    }
  }

  int n_;
  std::vector<int> low_;  // p_e lies in [low_[e], high_[e]] ...
  std::vector<int> high_;
  std::vector<int> floor_of_;  // ... and is floor_of_[e] once solved (0 before)
  FreeFloors free_;
};

// The number of sweeps: the fewest expected moves per egg, counting a sweep as 2 moves
// per egg (N floors travelled and a direction change P = N).
int best_sweeps(const DropPlan& plan, int n, int max_sweeps) {
  int best = max_sweeps;
  for (int r = 1; r <= max_sweeps; ++r) {
    if (plan.expected(r, n) + 2.0 * r < plan.expected(best, n) + 2.0 * best) best = r;
  }
  return best;
}

}  // namespace

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  constexpr int kMaxSweeps = 10;
  const DropPlan plan(n, kMaxSweeps);
  Solver solver(n);
  solver.run(plan, best_sweeps(plan, n, kMaxSweeps));
  std::cout << '!';
  for (int egg = 1; egg <= n; ++egg) std::cout << ' ' << solver.floors()[egg];
  std::cout << '\n' << std::flush;
}
