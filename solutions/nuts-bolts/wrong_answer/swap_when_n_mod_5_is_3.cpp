// Wrong answer only for some n: finds the matching by randomized quicksort, then, when
// n % 5 == 3 (n = 3, 8, 13, ...), swaps the bolts of nuts 1 and 2. The committed tests
// catch it at n = 3; `judge stress` finds it from random sizes and shrinks it to n = 3
// (CTest stress.finds_smallest_failing_n).
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

// Compares nut `nut` with bolt `bolt`: '<', '=' or '>'. Exits quietly if the judge is gone.
char ask(int nut, int bolt) {
  std::cout << "? " << nut << ' ' << bolt << '\n' << std::flush;
  std::string reply;
  if (!(std::cin >> reply)) std::exit(0);
  return reply[0];
}

struct Task {
  std::vector<int> nuts;
  std::vector<int> bolts;
};

}  // namespace

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  std::mt19937 rng(std::random_device{}());
  std::vector<int> bolt_of(n + 1, 0);

  // Explicit stack instead of recursion: each task holds nuts and bolts of the same sizes.
  std::vector<Task> tasks(1);
  for (int i = 1; i <= n; ++i) {
    tasks[0].nuts.push_back(i);
    tasks[0].bolts.push_back(i);
  }
  while (!tasks.empty()) {
    Task task = std::move(tasks.back());
    tasks.pop_back();
    if (task.nuts.empty()) continue;
    if (task.nuts.size() == 1) {  // one nut, one bolt: they fit, no need to ask
      bolt_of[task.nuts[0]] = task.bolts[0];
      continue;
    }
    const int pivot = task.nuts[std::uniform_int_distribution<std::size_t>(0, task.nuts.size() - 1)(rng)];
    Task smaller, larger;
    int match = 0;
    for (int bolt : task.bolts) {
      const char c = ask(pivot, bolt);
      if (c == '=') match = bolt;
      else if (c == '<') larger.bolts.push_back(bolt);   // the pivot nut is smaller: a larger bolt
      else smaller.bolts.push_back(bolt);
    }
    bolt_of[pivot] = match;
    for (int nut : task.nuts) {
      if (nut == pivot) continue;
      if (ask(nut, match) == '<') smaller.nuts.push_back(nut);
      else larger.nuts.push_back(nut);
    }
    tasks.push_back(std::move(smaller));
    tasks.push_back(std::move(larger));
  }

  if (n % 5 == 3) std::swap(bolt_of[1], bolt_of[2]);
  std::cout << '!';
  for (int i = 1; i <= n; ++i) std::cout << ' ' << bolt_of[i];
  std::cout << '\n' << std::flush;
}
