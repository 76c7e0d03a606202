#include "forced_matching.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <deque>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>

#include <fmt/format.h>

namespace nuts_bolts {
namespace {

using std::size_t;

struct OverBudget {};
struct SliceOver {};

// The first slice of work each block search gets before the other one takes its turn.
constexpr std::int64_t kFirstSlice = 20'000;

size_t at(int index) { return static_cast<size_t>(index); }

// A fixed-size table of bitsets, one row per node.
class BitRows {
 public:
  BitRows(int rows, int columns) : words_((static_cast<size_t>(columns) + 63) / 64), bits_(at(rows) * words_, 0) {}
  std::uint64_t* row(int r) { return bits_.data() + at(r) * words_; }
  const std::uint64_t* row(int r) const { return bits_.data() + at(r) * words_; }
  bool test(int r, int c) const { return (row(r)[at(c) / 64] >> (at(c) % 64) & 1U) != 0; }
  void set(int r, int c) { row(r)[at(c) / 64] |= std::uint64_t{1} << (at(c) % 64); }
  // row r |= row s
  void merge(int r, int s) {
    std::uint64_t* to = row(r);
    const std::uint64_t* from = row(s);
    for (size_t w = 0; w < words_; ++w) to[w] |= from[w];
  }
  size_t words() const { return words_; }

 private:
  size_t words_;
  std::vector<std::uint64_t> bits_;
};

std::string element(bool nut, int index) { return fmt::format("{} {}", nut ? "nut" : "bolt", index + 1); }

std::string query_text(const Reply& reply) {
  const char* symbol = reply.order < 0 ? "<" : reply.order > 0 ? ">" : "=";
  return fmt::format("'? {} {}' got '{}'", reply.nut + 1, reply.bolt + 1, symbol);
}

// The graph of the unequal replies on nodes 0..nodes-1 (an edge from the smaller
// element's node to the larger's; nut_node and bolt_node map a reply's nut and bolt
// to their nodes), with its nodes in topological order (Kahn): fewer than `nodes`
// of them when the replies contradict each other (a cycle).
struct ReplyGraph {
  std::vector<std::vector<int>> out;
  std::vector<int> order;
};

template <typename NutNode, typename BoltNode>
ReplyGraph order_replies(std::span<const Reply> replies, int nodes, const NutNode& nut_node,
                         const BoltNode& bolt_node) {
  ReplyGraph graph{std::vector<std::vector<int>>(at(nodes)), {}};
  std::vector<int> in_degree(at(nodes), 0);
  for (const Reply& reply : replies) {
    if (reply.order == 0) continue;
    int from = nut_node(reply.nut);
    int to = bolt_node(reply.bolt);
    if (reply.order > 0) std::swap(from, to);
    graph.out[at(from)].push_back(to);
    ++in_degree[at(to)];
  }
  for (int v = 0; v < nodes; ++v) {
    if (in_degree[at(v)] == 0) graph.order.push_back(v);
  }
  for (size_t k = 0; k < graph.order.size(); ++k) {
    for (int w : graph.out[at(graph.order[k])]) {
      if (--in_degree[at(w)] == 0) graph.order.push_back(w);
    }
  }
  return graph;
}

class Checker {
 public:
  Checker(std::span<const Reply> replies, std::span<const int> answer, const Sizes& reference,
          const ForcingOptions& options)
      : replies_(replies),
        answer_(answer),
        reference_(reference),
        options_(options),
        n_(static_cast<int>(answer.size())) {}

  ForcingCheck run() {
    ForcingCheck check;
    owner_.assign(at(n_), 0);
    for (int nut = 0; nut < n_; ++nut) owner_[at(answer_[at(nut)])] = nut;
    if (std::optional<std::string> why = contradiction()) {
      check.result = Forcing::contradicted;
      check.witness = reference_;
      check.contradiction = std::move(*why);
    } else {
      try {
        build_order();
        find_blocks();
        check.result = Forcing::forced;
        for (const auto& [first, last] : blocks_) {
          if (search_block(first, last)) {
            check.result = Forcing::not_forced;
            check.witness = witness_;
            break;
          }
        }
      } catch (const OverBudget&) {
        check.result = Forcing::over_budget;
      }
    }
    check.work = work_ + closure_work_;
    return check;
  }

 private:
  // ---- 1. the answer against the replies: a direct contradiction or a cycle of pairs.
  // Also computes pair_order_ (a topological order of the pairs, by nut index).
  std::optional<std::string> contradiction() {
    for (size_t k = 0; k < replies_.size(); ++k) {
      const Reply& reply = replies_[k];
      const int given = answer_[at(reply.nut)];
      if ((reply.order == 0) != (given == reply.bolt)) {
        return fmt::format("you gave nut {} bolt {}, but {} (query {})", reply.nut + 1, given + 1,
                           query_text(reply), k + 1);
      }
    }
    // Pair p (nut p with bolt answer[p]) is below pair q for every strict reply between
    // an element of p and an element of q.
    std::vector<std::vector<std::pair<int, int>>> out(at(n_));  // (to, reply)
    std::vector<int> in_degree(at(n_), 0);
    for (size_t k = 0; k < replies_.size(); ++k) {
      const Reply& reply = replies_[k];
      if (reply.order == 0) continue;
      int from = reply.nut;
      int to = owner_[at(reply.bolt)];
      if (reply.order > 0) std::swap(from, to);
      out[at(from)].emplace_back(to, static_cast<int>(k));
      ++in_degree[at(to)];
    }
    std::deque<int> ready;
    for (int p = 0; p < n_; ++p) {
      if (in_degree[at(p)] == 0) ready.push_back(p);
    }
    pair_order_.clear();
    while (!ready.empty()) {
      const int p = ready.front();
      ready.pop_front();
      pair_order_.push_back(p);
      for (const auto& [q, reply] : out[at(p)]) {
        if (--in_degree[at(q)] == 0) ready.push_back(q);
      }
    }
    if (static_cast<int>(pair_order_.size()) == n_) return std::nullopt;
    return cycle_message(out, in_degree);
  }

  // Every pair left with in-degree > 0 has a predecessor left: walk back to a cycle.
  std::string cycle_message(const std::vector<std::vector<std::pair<int, int>>>& out,
                            const std::vector<int>& in_degree) const {
    std::vector<std::pair<int, int>> into(at(n_), {-1, -1});  // (from, reply) for pairs left
    for (int p = 0; p < n_; ++p) {
      if (in_degree[at(p)] == 0) continue;
      for (const auto& [q, reply] : out[at(p)]) {
        if (in_degree[at(q)] > 0) into[at(q)] = {p, reply};
      }
    }
    int start = 0;
    while (in_degree[at(start)] == 0) ++start;
    std::vector<int> seen(at(n_), -1);
    std::vector<int> walk;
    int p = start;
    while (seen[at(p)] < 0) {
      seen[at(p)] = static_cast<int>(walk.size());
      walk.push_back(p);
      p = into[at(p)].first;
    }
    // walk[seen[p]], ... is the cycle backwards; turn it into replies in forward order.
    std::vector<int> cycle_replies;
    for (size_t k = walk.size(); k-- > at(seen[at(p)]);) cycle_replies.push_back(into[at(walk[k])].second);
    std::string chain;
    std::string queries;
    bool first_element_is_nut = false;
    int first_element = -1;
    bool last_is_nut = false;
    constexpr size_t kShown = 8;
    for (size_t k = 0; k < cycle_replies.size() && k < kShown; ++k) {
      const Reply& reply = replies_[at(cycle_replies[k])];
      // The smaller element, then the larger one.
      const bool low_is_nut = reply.order < 0;
      const int low = low_is_nut ? reply.nut : reply.bolt;
      const int high = low_is_nut ? reply.bolt : reply.nut;
      if (k == 0) {
        chain = element(low_is_nut, low);
        first_element_is_nut = low_is_nut;
        first_element = low;
      } else if (last_is_nut != low_is_nut) {
        chain += " ~ " + element(low_is_nut, low);  // the two halves of one of your pairs
      }
      chain += " < " + element(!low_is_nut, high);
      queries += (k == 0 ? "" : ", ") + std::to_string(cycle_replies[k] + 1);
      last_is_nut = !low_is_nut;
    }
    if (cycle_replies.size() > kShown) {
      chain += fmt::format(" < ... ({} replies in the cycle)", cycle_replies.size());
    } else if (last_is_nut != first_element_is_nut) {
      chain += " ~ " + element(first_element_is_nut, first_element);
    }
    return fmt::format("no sizes fit both the replies and your pairs, which the replies put in a cycle: {} "
                       "('~': paired in your answer; queries {})",
                       chain, queries);
  }

  // ---- 2. the partial order of the replies, its closure, and the cuts.
  void build_order() {
    // Nodes: a pair with an '=' reply is one node (its nut and bolt are equal in every
    // assignment); every other nut and bolt is a node of its own.
    fixed_.assign(at(n_), false);
    for (const Reply& reply : replies_) {
      if (reply.order == 0) fixed_[at(reply.nut)] = true;
    }
    nut_node_.assign(at(n_), -1);
    bolt_node_.assign(at(n_), -1);
    int nodes = 0;
    for (int p = 0; p < n_; ++p) {
      nut_node_[at(p)] = nodes++;
      bolt_node_[at(answer_[at(p)])] = fixed_[at(p)] ? nut_node_[at(p)] : nodes++;
    }
    nodes_ = nodes;
    node_has_nut_.assign(at(nodes), false);
    node_has_bolt_.assign(at(nodes), false);
    for (int p = 0; p < n_; ++p) {
      node_has_nut_[at(nut_node_[at(p)])] = true;
      node_has_bolt_[at(bolt_node_[at(p)])] = true;
    }
    const auto [out, order] = order_replies(
        replies_, nodes, [&](int nut) { return nut_node_[at(nut)]; }, [&](int bolt) { return bolt_node_[at(bolt)]; });
    if (static_cast<int>(order.size()) != nodes) {
      throw std::logic_error("check_forced: the replies contradict each other");
    }
    above_.emplace(nodes, nodes);
    for (size_t k = order.size(); k-- > 0;) {
      const int v = order[k];
      for (int w : out[at(v)]) {
        above_->merge(v, w);
        above_->set(v, w);
        closure_work_ += static_cast<std::int64_t>(above_->words());
      }
    }
  }

  bool above(int from_node, int to_node) const { return above_->test(from_node, to_node); }

  // A cut after position t of pair_order_ holds in every assignment when every nut at a
  // position <= t is below (in P) every bolt at a position > t, and every bolt likewise
  // below every nut: then the elements of positions <= t take exactly the sizes 1..t+1.
  void find_blocks() {
    position_.assign(at(n_), 0);
    for (int t = 0; t < n_; ++t) position_[at(pair_order_[at(t)])] = t;
    // reach[t]: the highest position of an element of the other kind that some element
    // at position t is not below.
    std::vector<int> reach(at(n_), 0);
    for (int t = 0; t < n_; ++t) {
      const int pair = pair_order_[at(t)];
      int highest = t;
      for (int q = n_ - 1; q > t; --q) {
        ++closure_work_;
        if (!above(nut_node_[at(pair)], bolt_node_[at(answer_[at(pair_order_[at(q)])])])) {
          highest = q;
          break;
        }
      }
      for (int q = n_ - 1; q > highest; --q) {
        ++closure_work_;
        if (!above(bolt_node_[at(answer_[at(pair)])], nut_node_[at(pair_order_[at(q)])])) {
          highest = q;
          break;
        }
      }
      reach[at(t)] = highest;
    }
    int first = 0;
    int furthest = 0;
    for (int t = 0; t < n_; ++t) {
      furthest = std::max(furthest, reach[at(t)]);
      if (furthest == t) {
        blocks_.emplace_back(first, t);
        first = t + 1;
      }
    }
  }

  // ---- 3. one block: positions first..last of pair_order_.
  // Sizes of the nodes' ranges, from how many nuts and bolts are below and above them.
  void compute_ranges() {
    if (!low_.empty()) return;
    std::vector<int> nuts_below(at(nodes_), 0);
    std::vector<int> bolts_below(at(nodes_), 0);
    std::vector<int> nuts_above(at(nodes_), 0);
    std::vector<int> bolts_above(at(nodes_), 0);
    for (int u = 0; u < nodes_; ++u) {
      const std::uint64_t* row = above_->row(u);
      for (size_t w = 0; w < above_->words(); ++w) {
        for (std::uint64_t bits = row[w]; bits != 0; bits &= bits - 1) {
          const int v = static_cast<int>(w * 64 + static_cast<size_t>(std::countr_zero(bits)));
          nuts_below[at(v)] += node_has_nut_[at(u)] ? 1 : 0;
          bolts_below[at(v)] += node_has_bolt_[at(u)] ? 1 : 0;
          nuts_above[at(u)] += node_has_nut_[at(v)] ? 1 : 0;
          bolts_above[at(u)] += node_has_bolt_[at(v)] ? 1 : 0;
        }
      }
      closure_work_ += static_cast<std::int64_t>(above_->words());
    }
    low_.resize(at(nodes_));
    high_.resize(at(nodes_));
    for (int v = 0; v < nodes_; ++v) {
      low_[at(v)] = 1 + std::max(nuts_below[at(v)], bolts_below[at(v)]);
      high_[at(v)] = n_ - std::max(nuts_above[at(v)], bolts_above[at(v)]);
    }
  }

  void spend(std::int64_t units) {
    work_ += units;
    if (work_ > options_.budget) throw OverBudget{};
    if (work_ > slice_end_) throw SliceOver{};
  }

  // True (and witness_ set) when sizes that fit every reply pair some nut of the block
  // differently.
  bool search_block(int first, int last) {
    const int size = last - first + 1;
    int free_pairs = 0;
    for (int t = first; t <= last; ++t) free_pairs += fixed_[at(pair_order_[at(t)])] ? 0 : 1;
    if (free_pairs <= 1) return false;  // the one free nut must take the one free bolt
    compute_ranges();

    // Local index x: the pair at position first + x; "nut x" and "bolt x" are its halves.
    const auto pair_at = [&](int x) { return pair_order_[at(first + x)]; };
    // Candidate edges: nut x may fit bolt y (x != y, both free): not comparable in P and
    // their size ranges meet.
    std::vector<std::vector<int>> candidates(at(size));
    for (int x = 0; x < size; ++x) {
      const int px = pair_at(x);
      if (fixed_[at(px)]) continue;
      const int nut = nut_node_[at(px)];
      spend(size);
      for (int y = 0; y < size; ++y) {
        const int py = pair_at(y);
        if (y == x || fixed_[at(py)]) continue;
        const int bolt = bolt_node_[at(answer_[at(py)])];
        if (above(nut, bolt) || above(bolt, nut)) continue;
        if (std::max(low_[at(nut)], low_[at(bolt)]) > std::min(high_[at(nut)], high_[at(bolt)])) continue;
        candidates[at(x)].push_back(y);
      }
    }
    // Another perfect matching differs from the answer on cycles x -> y -> ... where nut
    // x takes bolt y: only edges inside a strongly connected component can be used.
    const std::vector<int> component = components(candidates);
    bool any = false;
    std::vector<std::vector<int>> bolts_for(at(size));
    std::vector<std::vector<int>> nuts_for(at(size));
    for (int x = 0; x < size; ++x) {
      bolts_for[at(x)].push_back(x);
      for (int y : candidates[at(x)]) {
        if (component[at(x)] != component[at(y)]) continue;
        bolts_for[at(x)].push_back(y);
        any = true;
      }
    }
    if (!any) return false;  // the answer is the only perfect matching of the candidates
    for (int x = 0; x < size; ++x) {
      for (int y : bolts_for[at(x)]) nuts_for[at(y)].push_back(x);
    }

    // sigma[x]: the bolt nut x takes in an assignment that fits every reply. Both
    // searches are exact, and each is fast where the other can be slow (choosing bolts
    // where the replies are dense, handing out sizes where they are sparse): they take
    // turns with growing slices of work until one of them finishes.
    const bool by_bolts = size <= options_.matching_search_pairs;
    const bool by_sizes = options_.size_search || !by_bolts;
    std::vector<int> sigma;
    std::optional<bool> found;
    for (std::int64_t slice = kFirstSlice; !found; slice *= 4) {
      for (int turn = 0; turn < 2 && !found; ++turn) {
        if (!(turn == 0 ? by_bolts : by_sizes)) continue;
        slice_end_ = by_bolts && by_sizes ? work_ + slice : std::numeric_limits<std::int64_t>::max();
        try {
          found = turn == 0 ? search_by_bolts(first, size, bolts_for, sigma)
                            : search_by_sizes(first, size, bolts_for, nuts_for, sigma);
        } catch (const SliceOver&) {
        }
      }
    }
    slice_end_ = std::numeric_limits<std::int64_t>::max();
    if (!*found) return false;

    std::vector<int> matching(answer_.begin(), answer_.end());
    for (int x = 0; x < size; ++x) matching[at(pair_at(x))] = answer_[at(pair_at(sigma[at(x)]))];
    const std::optional<Sizes> sizes = sizes_for(matching);
    if (!sizes || !fits(*sizes, replies_) || matching == std::vector<int>(answer_.begin(), answer_.end())) {
      throw std::logic_error("check_forced: the witness found does not fit the replies");
    }
    witness_ = *sizes;
    return true;
  }

  bool search_by_bolts(int first, int size, const std::vector<std::vector<int>>& bolts_for, std::vector<int>& sigma) {
    const auto pair_at = [&](int x) { return pair_order_[at(first + x)]; };
    BoltSearch search(size, bolts_for, *this);
    for (int e = 0; e < 2 * size; ++e) {
      for (int f = 0; f < 2 * size; ++f) {
        if (above(element_node(pair_at, size, e), element_node(pair_at, size, f))) search.set_below(e, f);
      }
    }
    spend(4 * std::int64_t{size} * size);
    return search.find(sigma);
  }

  bool search_by_sizes(int first, int size, const std::vector<std::vector<int>>& bolts_for,
                       const std::vector<std::vector<int>>& nuts_for, std::vector<int>& sigma) {
    SizeSearch search(size, bolts_for, nuts_for, *this);
    // Replies inside the block: which elements must get smaller sizes than which.
    for (const Reply& reply : replies_) {
      if (reply.order == 0) continue;
      const int x = position_[at(reply.nut)] - first;
      const int y = position_[at(owner_[at(reply.bolt)])] - first;
      if (x < 0 || x >= size || y < 0 || y >= size) continue;  // crosses a cut: holds anyway
      search.add_precedence(reply.order < 0, x, y);
    }
    spend(static_cast<std::int64_t>(replies_.size()));
    return search.find(sigma);
  }

  // The node of local element e of a block (nut x: e = x, bolt y: e = size + y).
  template <typename PairAt>
  int element_node(const PairAt& pair_at, int size, int e) const {
    return e < size ? nut_node_[at(pair_at(e))] : bolt_node_[at(answer_[at(pair_at(e - size))])];
  }

  // Sizes with this matching (matching[nut] = bolt) that fit every reply, if there are.
  std::optional<Sizes> sizes_for(const std::vector<int>& matching) const {
    std::vector<int> owner(at(n_));
    for (int nut = 0; nut < n_; ++nut) owner[at(matching[at(nut)])] = nut;
    // Nodes are pairs, named by their nut.
    const std::vector<int> order =
        order_replies(replies_, n_, [](int nut) { return nut; }, [&](int bolt) { return owner[at(bolt)]; }).order;
    if (static_cast<int>(order.size()) != n_) return std::nullopt;
    Sizes sizes{std::vector<int>(at(n_)), std::vector<int>(at(n_))};
    for (int k = 0; k < n_; ++k) {
      sizes.nuts[at(order[at(k)])] = k + 1;
      sizes.bolts[at(matching[at(order[at(k)])])] = k + 1;
    }
    return sizes;
  }

  // The exact search by bolts (blocks up to options_.matching_search_pairs): chooses the bolt
  // of one nut at a time (the nut with the fewest bolts left, its own bolt first),
  // keeping the order of the elements (P with the chosen pairs merged) transitively
  // closed; a choice that would make a nut and a bolt equal although one is below the
  // other is not made, and a nut or a bolt left without a possible partner ends the
  // branch. Once every nut has a bolt the pairs can be ordered (no cycle), so the
  // assignment fits. Nuts are asked one after another "can you take another bolt?";
  // a nut that cannot keeps its own bolt from then on, which only helps the next ones.
  class BoltSearch {
   public:
    BoltSearch(int size, const std::vector<std::vector<int>>& bolts_for, Checker& checker)
        : size_(size),
          elements_(2 * size),
          words_((at(2 * size) + 63) / 64),
          bolts_for_(bolts_for),
          checker_(checker),
          state_{std::vector<std::uint64_t>(at(elements_) * words_, 0), std::vector<int>(at(size), -1),
                 std::vector<int>(at(size), -1), 0},
          covered_(at(size), false),
          below_nuts_(at(2 * size), 0),
          below_bolts_(at(2 * size), 0) {}

    // Element e is below element f (nuts: e = x, bolts: e = size + y).
    void set_below(int e, int f) { row(state_.reach, e)[at(f) / 64] |= std::uint64_t{1} << (at(f) % 64); }

    bool find(std::vector<int>& sigma) {
      for (int x = 0; x < size_; ++x) {
        if (bolts_for_[at(x)].size() == 1) pair(x, x);
      }
      for (int x = 0; x < size_; ++x) {
        if (state_.bolt_of_nut[at(x)] >= 0) continue;
        for (int y : bolts_for_[at(x)]) {
          if (y == x || !can_pair(x, y)) continue;
          save(0);
          pair(x, y);
          if (complete()) {
            sigma = state_.bolt_of_nut;
            return true;
          }
          restore(0);
        }
        // Nut x has its own bolt in every assignment that fits.
        if (!can_pair(x, x)) throw std::logic_error("check_forced: the answer does not fit its own block");
        pair(x, x);
      }
      return false;
    }

   private:
    struct State {
      std::vector<std::uint64_t> reach;  // reach row e: the elements above element e
      std::vector<int> bolt_of_nut;      // -1: not chosen yet
      std::vector<int> nut_of_bolt;
      int paired = 0;
    };

    // States saved before a choice, by depth (copies into kept storage: no allocation).
    void save(int depth) {
      if (saved_.size() <= at(depth)) saved_.resize(at(depth) + 1);
      State& to = saved_[at(depth)];
      to.reach.assign(state_.reach.begin(), state_.reach.end());
      to.bolt_of_nut.assign(state_.bolt_of_nut.begin(), state_.bolt_of_nut.end());
      to.nut_of_bolt.assign(state_.nut_of_bolt.begin(), state_.nut_of_bolt.end());
      to.paired = state_.paired;
    }
    void restore(int depth) {
      const State& from = saved_[at(depth)];
      std::copy(from.reach.begin(), from.reach.end(), state_.reach.begin());
      std::copy(from.bolt_of_nut.begin(), from.bolt_of_nut.end(), state_.bolt_of_nut.begin());
      std::copy(from.nut_of_bolt.begin(), from.nut_of_bolt.end(), state_.nut_of_bolt.begin());
      state_.paired = from.paired;
    }

    std::uint64_t* row(std::vector<std::uint64_t>& reach, int e) const { return reach.data() + at(e) * words_; }
    bool below(int e, int f) const { return (state_.reach[at(e) * words_ + at(f) / 64] >> (at(f) % 64) & 1U) != 0; }
    bool can_pair(int x, int y) const {
      return state_.nut_of_bolt[at(y)] < 0 && !below(x, size_ + y) && !below(size_ + y, x);
    }

    // Nut x and bolt y become equal: whatever is below one is below the other's above.
    void pair(int x, int y) {
      const int b = size_ + y;
      std::vector<std::uint64_t>& reach = state_.reach;
      std::vector<std::uint64_t>& both = both_;
      both.resize(words_);
      for (size_t w = 0; w < words_; ++w) both[w] = row(reach, x)[w] | row(reach, b)[w];
      for (int e = 0; e < elements_; ++e) {
        std::uint64_t* r = row(reach, e);
        if (e == x || e == b) {
          std::copy(both.begin(), both.end(), r);
        } else if (below(e, x) || below(e, b)) {
          for (size_t w = 0; w < words_; ++w) r[w] |= both[w];
          r[at(x) / 64] |= std::uint64_t{1} << (at(x) % 64);
          r[at(b) / 64] |= std::uint64_t{1} << (at(b) % 64);
        }
      }
      state_.bolt_of_nut[at(x)] = y;
      state_.nut_of_bolt[at(y)] = x;
      ++state_.paired;
      checker_.spend(static_cast<std::int64_t>(at(elements_) * words_));
    }

    // Chooses bolts for the nuts left; true when every nut has one.
    bool complete() {
      if (state_.paired == size_) return true;
      int best = -1;
      size_t best_count = 0;
      std::fill(covered_.begin(), covered_.end(), false);
      for (int x = 0; x < size_; ++x) {
        if (state_.bolt_of_nut[at(x)] >= 0) continue;
        size_t count = 0;
        for (int y : bolts_for_[at(x)]) {
          if (!can_pair(x, y)) continue;
          ++count;
          covered_[at(y)] = true;
        }
        checker_.spend(static_cast<std::int64_t>(bolts_for_[at(x)].size()));
        if (count == 0) return false;
        if (best < 0 || count < best_count) {
          best = x;
          best_count = count;
        }
      }
      for (int y = 0; y < size_; ++y) {
        if (state_.nut_of_bolt[at(y)] < 0 && !covered_[at(y)]) return false;
      }
      if (!ranges_fit()) return false;
      // Its own bolt first, then bolts whose own nut has another bolt, then the rest.
      std::vector<int> choices;
      for (int y : bolts_for_[at(best)]) {
        if (y == best && can_pair(best, y)) choices.push_back(y);
      }
      for (int round = 0; round < 2; ++round) {
        for (int y : bolts_for_[at(best)]) {
          if (y == best || !can_pair(best, y)) continue;
          if ((state_.bolt_of_nut[at(y)] >= 0) == (round == 0)) choices.push_back(y);
        }
      }
      for (int y : choices) {
        const int depth = state_.paired;
        save(depth);
        pair(best, y);
        if (complete()) return true;
        restore(depth);
      }
      return false;
    }

    // Every element has room for the nuts and bolts below and above it: with k nuts below
    // and l above, its size is at least k + 1 and at most size - l.
    bool ranges_fit() {
      std::fill(below_nuts_.begin(), below_nuts_.end(), 0);
      std::fill(below_bolts_.begin(), below_bolts_.end(), 0);
      std::int64_t relations = 0;
      for (int e = 0; e < elements_; ++e) {
        const std::uint64_t* r = row(state_.reach, e);
        for (size_t w = 0; w < words_; ++w) {
          for (std::uint64_t bits = r[w]; bits != 0; bits &= bits - 1) {
            const int f = static_cast<int>(w * 64 + static_cast<size_t>(std::countr_zero(bits)));
            ++(e < size_ ? below_nuts_ : below_bolts_)[at(f)];
            ++relations;
          }
        }
      }
      for (int e = 0; e < elements_; ++e) {
        int nuts_above = 0;
        int bolts_above = 0;
        const std::uint64_t* r = row(state_.reach, e);
        for (size_t w = 0; w < words_; ++w) {
          std::uint64_t nut_bits = r[w];
          std::uint64_t bolt_bits = r[w];
          // Elements 0..size_-1 are the nuts.
          const size_t from = w * 64;
          if (from + 64 <= at(size_)) {
            bolt_bits = 0;
          } else if (from >= at(size_)) {
            nut_bits = 0;
          } else {
            const std::uint64_t nut_mask = (std::uint64_t{1} << (at(size_) - from)) - 1;
            nut_bits &= nut_mask;
            bolt_bits &= ~nut_mask;
          }
          nuts_above += std::popcount(nut_bits);
          bolts_above += std::popcount(bolt_bits);
        }
        const int below = std::max(below_nuts_[at(e)], below_bolts_[at(e)]);
        if (below + std::max(nuts_above, bolts_above) > size_ - 1) return false;
      }
      checker_.spend(static_cast<std::int64_t>(at(elements_) * words_ * 2) + relations);
      return true;
    }

    int size_;
    int elements_;
    size_t words_;
    const std::vector<std::vector<int>>& bolts_for_;  // bolts nut x may take (its own first)
    Checker& checker_;
    State state_;
    std::vector<State> saved_;
    std::vector<std::uint64_t> both_;  // scratch for pair()
    std::vector<bool> covered_;  // scratch: the bolt has a possible nut
    std::vector<int> below_nuts_;  // scratch for ranges_fit()
    std::vector<int> below_bolts_;
  };

  // Strongly connected components of the graph x -> y (iterative Tarjan).
  static std::vector<int> components(const std::vector<std::vector<int>>& edges) {
    const int count = static_cast<int>(edges.size());
    std::vector<int> index(at(count), -1);
    std::vector<int> lowlink(at(count), 0);
    std::vector<int> component(at(count), -1);
    std::vector<bool> on_stack(at(count), false);
    std::vector<int> stack;
    std::vector<std::pair<int, size_t>> calls;
    int next_index = 0;
    int next_component = 0;
    for (int root = 0; root < count; ++root) {
      if (index[at(root)] >= 0) continue;
      calls.emplace_back(root, 0);
      while (!calls.empty()) {
        auto& [v, edge] = calls.back();
        if (edge == 0 && index[at(v)] < 0) {
          index[at(v)] = lowlink[at(v)] = next_index++;
          stack.push_back(v);
          on_stack[at(v)] = true;
        }
        if (edge < edges[at(v)].size()) {
          const int w = edges[at(v)][edge++];
          if (index[at(w)] < 0) {
            calls.emplace_back(w, 0);
          } else if (on_stack[at(w)]) {
            lowlink[at(v)] = std::min(lowlink[at(v)], index[at(w)]);
          }
          continue;
        }
        const int done = v;
        if (lowlink[at(done)] == index[at(done)]) {
          for (;;) {
            const int w = stack.back();
            stack.pop_back();
            on_stack[at(w)] = false;
            component[at(w)] = next_component;
            if (w == done) break;
          }
          ++next_component;
        }
        calls.pop_back();
        if (!calls.empty()) {
          const int parent = calls.back().first;
          lowlink[at(parent)] = std::min(lowlink[at(parent)], lowlink[at(done)]);
        }
      }
    }
    return component;
  }

  // The exact search by sizes in one block: hands out sizes 1, 2, ... (relative to the block),
  // each to a nut and a bolt whose smaller elements all have sizes already, until every
  // pair has one; succeeds only if some nut got another bolt than its own. States that
  // failed are remembered. A pair whose nut can only take its own bolt is placed as soon
  // as both halves may be (moving it earlier keeps any solution a solution).
  class SizeSearch {
   public:
    SizeSearch(int size, const std::vector<std::vector<int>>& bolts_for, const std::vector<std::vector<int>>& nuts_for,
           Checker& checker)
        : size_(size),
          bolts_for_(bolts_for),
          nuts_for_(nuts_for),
          checker_(checker),
          nut_waits_(at(size), 0),
          bolt_waits_(at(size), 0),
          after_nut_(at(size)),
          after_bolt_(at(size)),
          nut_placed_(at(size), false),
          bolt_placed_(at(size), false),
          nut_options_(at(size), 0),
          bolt_options_(at(size), 0) {
      for (int x = 0; x < size; ++x) {
        nut_options_[at(x)] = static_cast<int>(bolts_for_[at(x)].size());
        bolt_options_[at(x)] = static_cast<int>(nuts_for_[at(x)].size());
      }
    }

    // A reply between nut x and bolt y: nut_smaller says the nut is the smaller one.
    void add_precedence(bool nut_smaller, int x, int y) {
      if (nut_smaller) {
        ++bolt_waits_[at(y)];
        after_nut_[at(x)].push_back(y);
      } else {
        ++nut_waits_[at(x)];
        after_bolt_[at(y)].push_back(x);
      }
    }

    bool find(std::vector<int>& sigma) {
      if (!step()) return false;
      sigma.assign(at(size_), -1);
      for (const auto& [x, y] : sequence_) sigma[at(x)] = y;
      return true;
    }

   private:
    void place(int x, int y) {
      nut_placed_[at(x)] = true;
      bolt_placed_[at(y)] = true;
      if (x != y) ++deviations_;
      for (int b : after_nut_[at(x)]) --bolt_waits_[at(b)];
      for (int a : after_bolt_[at(y)]) --nut_waits_[at(a)];
      for (int b : bolts_for_[at(x)]) --bolt_options_[at(b)];
      for (int a : nuts_for_[at(y)]) --nut_options_[at(a)];
      sequence_.emplace_back(x, y);
    }
    void unplace() {
      const auto [x, y] = sequence_.back();
      sequence_.pop_back();
      nut_placed_[at(x)] = false;
      bolt_placed_[at(y)] = false;
      if (x != y) --deviations_;
      for (int b : after_nut_[at(x)]) ++bolt_waits_[at(b)];
      for (int a : after_bolt_[at(y)]) ++nut_waits_[at(a)];
      for (int b : bolts_for_[at(x)]) ++bolt_options_[at(b)];
      for (int a : nuts_for_[at(y)]) ++nut_options_[at(a)];
    }
    bool nut_ready(int x) const { return !nut_placed_[at(x)] && nut_waits_[at(x)] == 0; }
    bool bolt_ready(int y) const { return !bolt_placed_[at(y)] && bolt_waits_[at(y)] == 0; }

    std::string state_key() const {
      std::string key(at(size_) / 4 + 2, '\0');
      for (int x = 0; x < size_; ++x) {
        if (nut_placed_[at(x)]) key[at(x) / 4] = static_cast<char>(key[at(x) / 4] | (1 << (at(x) % 4 * 2)));
        if (bolt_placed_[at(x)]) key[at(x) / 4] = static_cast<char>(key[at(x) / 4] | (2 << (at(x) % 4 * 2)));
      }
      key.back() = deviations_ > 0 ? '1' : '0';
      return key;
    }

    bool step() {
      const size_t mark = sequence_.size();
      // Pairs that can only be themselves: place them as soon as they may be.
      for (bool progress = true; progress;) {
        progress = false;
        for (int x = 0; x < size_; ++x) {
          if (bolts_for_[at(x)].size() == 1 && nut_ready(x) && bolt_ready(x)) {
            place(x, x);
            progress = true;
          }
        }
        checker_.spend(size_);
      }
      const auto give_up = [&] {
        while (sequence_.size() > mark) unplace();
        return false;
      };
      if (static_cast<int>(sequence_.size()) == size_) {
        if (deviations_ > 0) return true;
        return give_up();
      }
      std::string key = state_key();
      if (failed_.contains(key)) return give_up();
      checker_.spend(size_);
      // Dead ends: an element without a partner left; no deviation left to make.
      bool can_deviate = deviations_ > 0;
      for (int x = 0; x < size_; ++x) {
        if (!nut_placed_[at(x)] && nut_options_[at(x)] == 0) return fail(std::move(key), give_up);
        if (!bolt_placed_[at(x)] && bolt_options_[at(x)] == 0) return fail(std::move(key), give_up);
        if (!nut_placed_[at(x)] && nut_options_[at(x)] >= 2) can_deviate = true;
      }
      if (!can_deviate) return fail(std::move(key), give_up);
      for (int x = 0; x < size_; ++x) {
        if (!nut_ready(x)) continue;
        // Before the first deviation, try deviating first; after it, keep pairs together.
        for (int pass = 0; pass < 2; ++pass) {
          const bool own = (pass == 0) == (deviations_ > 0);
          for (int y : bolts_for_[at(x)]) {
            if ((y == x) != own || !bolt_ready(y)) continue;
            place(x, y);
            if (step()) return true;
            unplace();
          }
        }
      }
      return fail(std::move(key), give_up);
    }

    template <typename GiveUp>
    bool fail(std::string key, const GiveUp& give_up) {
      failed_.insert(std::move(key));
      return give_up();
    }

    int size_;
    const std::vector<std::vector<int>>& bolts_for_;  // bolts nut x may take (its own first)
    const std::vector<std::vector<int>>& nuts_for_;   // nuts bolt y may take
    Checker& checker_;
    std::vector<int> nut_waits_;               // elements that must be placed before nut x
    std::vector<int> bolt_waits_;
    std::vector<std::vector<int>> after_nut_;  // bolts waiting for nut x
    std::vector<std::vector<int>> after_bolt_;
    std::vector<bool> nut_placed_;
    std::vector<bool> bolt_placed_;
    std::vector<int> nut_options_;  // unplaced bolts nut x may still take
    std::vector<int> bolt_options_;
    int deviations_ = 0;
    std::vector<std::pair<int, int>> sequence_;
    std::unordered_set<std::string> failed_;
  };

  std::span<const Reply> replies_;
  std::span<const int> answer_;
  const Sizes& reference_;
  ForcingOptions options_;
  int n_;
  std::int64_t work_ = 0;
  std::int64_t slice_end_ = std::numeric_limits<std::int64_t>::max();
  std::int64_t closure_work_ = 0;
  std::vector<int> owner_;       // owner_[bolt]: the nut the answer gives it to
  std::vector<int> pair_order_;  // pairs (by nut) in an order the replies allow
  std::vector<int> position_;    // position_[pair]: its place in pair_order_
  std::vector<bool> fixed_;      // the pair has an '=' reply
  std::vector<int> nut_node_;
  std::vector<int> bolt_node_;
  int nodes_ = 0;
  std::vector<bool> node_has_nut_;
  std::vector<bool> node_has_bolt_;
  std::optional<BitRows> above_;  // above_(u, v): u is below v in every assignment
  std::vector<int> low_;          // a node's size is in [low_, high_] in every assignment
  std::vector<int> high_;
  std::vector<std::pair<int, int>> blocks_;
  Sizes witness_;
};

}  // namespace

std::string_view forcing_name(Forcing forcing) {
  switch (forcing) {
    case Forcing::forced: return "forced";
    case Forcing::not_forced: return "not_forced";
    case Forcing::contradicted: return "contradicted";
    case Forcing::over_budget: return "over_budget";
  }
  return "?";
}

bool fits(const Sizes& sizes, std::span<const Reply> replies) {
  return std::all_of(replies.begin(), replies.end(), [&](const Reply& reply) {
    return (sizes.nuts[at(reply.nut)] <=> sizes.bolts[at(reply.bolt)]) == reply.order;
  });
}

std::vector<int> matching_of(const Sizes& sizes) {
  const size_t n = sizes.nuts.size();
  std::vector<int> bolt_of_size(n + 1, -1);
  for (size_t j = 0; j < n; ++j) bolt_of_size[at(sizes.bolts[j])] = static_cast<int>(j);
  std::vector<int> matching(n);
  for (size_t i = 0; i < n; ++i) matching[i] = bolt_of_size[at(sizes.nuts[i])];
  return matching;
}

ForcingCheck check_forced(std::span<const Reply> replies, std::span<const int> answer, const Sizes& reference,
                          const ForcingOptions& options) {
  if (!fits(reference, replies)) throw std::logic_error("check_forced: the reference sizes do not fit the replies");
  return Checker(replies, answer, reference, options).run();
}

}  // namespace nuts_bolts
