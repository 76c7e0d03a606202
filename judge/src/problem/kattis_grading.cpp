#include "problem/kattis_grading.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <regex>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "base/yaml_file.hpp"
#include "process/tool_run.hpp"

namespace judge {
namespace {

// Python's float(): the whole word, "inf" and "nan" included.
std::optional<double> python_float(const std::string& word) {
  if (word.empty()) return std::nullopt;
  char* end = nullptr;
  const double value = std::strtod(word.c_str(), &end);
  if (end != word.c_str() + word.size()) return std::nullopt;
  return value;
}

// A score as Python's str(float) writes it into a grader's input: "1.0", "0.5".
std::string python_number(double value) {
  std::string text = fmt::format("{}", value);
  if (std::isfinite(value) && text.find_first_of(".eE") == std::string::npos) text += ".0";
  return text;
}

// The default grader's verdict modes.
std::optional<std::string> worst_error(const std::vector<std::string>& verdicts) {
  static const std::vector<std::string> order{"JE", "IF", "RTE", "MLE", "TLE", "OLE", "WA", "PE", "AC"};
  std::size_t worst = order.size() - 1;
  for (const auto& verdict : verdicts) {
    const auto at = std::find(order.begin(), order.end(), verdict);
    if (at == order.end()) return std::nullopt;  // Python: ValueError, so "JE 0"
    worst = std::min(worst, static_cast<std::size_t>(at - order.begin()));
  }
  return order[worst];
}

std::optional<double> aggregate_scores(const std::string& mode, const std::vector<double>& scores) {
  double sum = 0;
  for (double score : scores) sum += score;
  if (mode == "sum") return sum;
  if (scores.empty()) return std::nullopt;  // Python: avg, min and max of nothing raise
  if (mode == "avg") return sum / static_cast<double>(scores.size());
  return mode == "min" ? *std::min_element(scores.begin(), scores.end())
                       : *std::max_element(scores.begin(), scores.end());
}

GraderReply judge_error(std::string why) { return {"JE", 0, std::move(why)}; }

// The Kattis name of a judge's verdict, as a grader reads it.
std::string kattis_verdict(Verdict verdict) {
  switch (verdict) {
    case Verdict::AC: return "AC";
    case Verdict::WA:
    case Verdict::PE:
    case Verdict::QLE: return "WA";
    case Verdict::TLE:
    case Verdict::ILE: return "TLE";
    case Verdict::MLE: return "MLE";
    case Verdict::OLE: return "OLE";
    case Verdict::RTE: return "RTE";
    case Verdict::CE:
    case Verdict::JE: break;
  }
  return "JE";
}

struct ItemResult {
  std::string verdict;
  double score = 0;
};

class GroupGrader {
 public:
  GroupGrader(const std::vector<ScoredTest>& tests, const GraderRunner& custom) : custom_(custom) {
    for (const auto& test : tests) tests_.emplace(test.name, &test);
  }

  // A group's result; nullopt when none of its tests ran (problemtools: filtered).
  std::optional<ItemResult> grade(const nlohmann::json& group) {
    std::vector<ItemResult> children;
    for (const auto& item : group["items"]) {
      std::optional<ItemResult> result = item.is_string() ? test_result(item.get<std::string>(), group) : grade(item);
      if (!result) continue;
      children.push_back(*result);
      if (result->verdict != "AC" && group["on_reject"] == "break") break;
    }
    if (children.empty()) return std::nullopt;
    const std::string name = group["name"].get<std::string>();
    const bool custom = group["grading"] == "custom";
    GraderReply reply;
    if (std::any_of(children.begin(), children.end(), [](const ItemResult& r) { return r.verdict == "JE"; })) {
      reply = judge_error("a test or group in it is JE");
    } else {
      std::string input;
      for (const auto& child : children) input += child.verdict + " " + python_number(child.score) + "\n";
      const std::vector<std::string> flags = split_words(group["grader_flags"].get<std::string>());
      reply = custom ? custom_(input, flags) : default_grader(input, flags);
    }
    nlohmann::json entry = {{"name", name}, {"verdict", reply.verdict}, {"score", reply.score},
                            {"grader", custom ? "custom" : "default"}, {"grader_flags", group["grader_flags"]},
                            {"results", children.size()}};
    if (!reply.error.empty()) entry["error"] = reply.error;
    if (out_of_range(group["range"], reply)) {
      entry["out_of_range"] = true;
      out_of_range_.push_back(fmt::format("group {} scored {:g}, outside its range {}", name, reply.score,
                                          range_text(group["range"])));
    }
    groups_.push_back(std::move(entry));
    return ItemResult{reply.verdict, reply.score};
  }

  nlohmann::json groups_ = nlohmann::json::array();
  std::vector<std::string> out_of_range_;

 private:
  std::optional<ItemResult> test_result(const std::string& name, const nlohmann::json& group) const {
    const auto found = tests_.find(name);
    if (found == tests_.end()) return std::nullopt;
    const ScoredTest& test = *found->second;
    ItemResult result{kattis_verdict(test.verdict), 0};
    const nlohmann::json& reported = test.interactor_result;
    if (result.verdict == "AC" && reported.is_object() && reported.contains("score") && reported["score"].is_number())
      result.score = reported["score"].get<double>();
    else
      result.score = group[result.verdict == "AC" ? "accept_score" : "reject_score"].get<double>();
    return result;
  }

  static bool out_of_range(const nlohmann::json& range, const GraderReply& reply) {
    if (reply.verdict == "JE") return false;
    const double low = range[0].is_number() ? range[0].get<double>() : -std::numeric_limits<double>::infinity();
    const double high = range[1].is_number() ? range[1].get<double>() : std::numeric_limits<double>::infinity();
    return reply.score < low || reply.score > high;
  }

  static std::string range_text(const nlohmann::json& range) {
    return fmt::format("[{}, {}]", range[0].is_number() ? fmt::format("{:g}", range[0].get<double>()) : "-inf",
                       range[1].is_number() ? fmt::format("{:g}", range[1].get<double>()) : "+inf");
  }

  const GraderRunner& custom_;
  std::map<std::string, const ScoredTest*> tests_;
};

Verdict judge_verdict(const std::string& kattis) {
  static const std::map<std::string, Verdict> verdicts{{"AC", Verdict::AC},   {"WA", Verdict::WA},
                                                       {"TLE", Verdict::TLE}, {"RTE", Verdict::RTE},
                                                       {"MLE", Verdict::MLE}, {"OLE", Verdict::OLE}};
  const auto found = verdicts.find(kattis);
  return found == verdicts.end() ? Verdict::JE : found->second;
}

void check_group(const nlohmann::json& group) {
  auto fail = [&](const std::string& what) {
    throw ConfigError(fmt::format("kattis_legacy scoring: group {}: {}", json_text(group.value("name", nlohmann::json())), what));
  };
  if (!group.is_object() || !group.contains("name") || !group["name"].is_string()) fail("needs a \"name\"");
  if (group.value("on_reject", "") != "break" && group.value("on_reject", "") != "continue")
    fail("on_reject must be break or continue");
  if (group.value("grading", "") != "default" && group.value("grading", "") != "custom")
    fail("grading must be default or custom");
  if (!group.contains("grader_flags") || !group["grader_flags"].is_string()) fail("grader_flags must be a string");
  for (const char* key : {"accept_score", "reject_score"})
    if (!group.contains(key) || !group[key].is_number()) fail(fmt::format("{} must be a number", key));
  if (!group.contains("range") || !group["range"].is_array() || group["range"].size() != 2)
    fail("range must be [low, high] (null for an infinity)");
  if (!group.contains("items") || !group["items"].is_array()) fail("needs \"items\"");
  for (const auto& item : group["items"])
    if (!item.is_string()) check_group(item);
}

}  // namespace

GraderReply default_grader(const std::string& input, const std::vector<std::string>& flags) {
  std::string verdict_mode = "worst_error";
  std::string score_mode = "sum";
  bool ignore_sample = false;
  bool accept_if_any_accepted = false;
  for (const auto& flag : flags) {
    if (flag == "sum" || flag == "avg" || flag == "min" || flag == "max") score_mode = flag;
    if (flag == "worst_error" || flag == "no_errors" || flag == "first_error" || flag == "always_accept")
      verdict_mode = flag == "no_errors" ? "worst_error" : flag;
    ignore_sample = ignore_sample || flag == "ignore_sample";
    accept_if_any_accepted = accept_if_any_accepted || flag == "accept_if_any_accepted";
  }
  const std::vector<std::string> words = split_words(input);
  std::vector<std::string> verdicts;
  std::vector<double> scores;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i % 2 == 0) {
      verdicts.push_back(words[i]);
      continue;
    }
    const auto score = python_float(words[i]);
    if (!score) return judge_error(fmt::format("the default grader cannot read the score \"{}\"", words[i]));
    scores.push_back(*score);
  }
  if (verdicts.size() != scores.size()) return judge_error("the default grader got a verdict without a score");
  if (ignore_sample) {
    if (verdicts.empty() || verdicts.size() > 2)
      return judge_error(fmt::format("ignore_sample needs 1 or 2 results (sample, secret), got {}", verdicts.size()));
    verdicts.erase(verdicts.begin(), verdicts.end() - 1);
    scores.erase(scores.begin(), scores.end() - 1);
  }
  std::optional<std::string> verdict;
  if (accept_if_any_accepted && std::find(verdicts.begin(), verdicts.end(), "AC") != verdicts.end()) verdict = "AC";
  else if (verdict_mode == "always_accept") verdict = "AC";
  else if (verdict_mode == "first_error") {
    const auto failed = std::find_if(verdicts.begin(), verdicts.end(), [](const std::string& v) { return v != "AC"; });
    verdict = failed == verdicts.end() ? "AC" : *failed;
  } else {
    verdict = worst_error(verdicts);
  }
  if (!verdict) return judge_error("the default grader got a verdict it does not know");
  const auto score = aggregate_scores(score_mode, scores);
  if (!score) return judge_error(fmt::format("the default grader cannot take the {} of no scores", score_mode));
  // Its reply goes through "%s %f" and back: 6 decimals; an infinity or NaN fails
  // problemtools' pattern for a reply.
  if (!std::isfinite(*score)) return judge_error(fmt::format("the default grader's score is {}", *score));
  return {*verdict, std::strtod(fmt::format("{:f}", *score).c_str(), nullptr), ""};
}

GraderReply parse_grader_output(const std::string& output) {
  static const std::regex reply(R"(^(AC|WA|TLE|RTE|MLE|OLE|JE)\s+-?[0-9.]+\s*$)");
  if (!std::regex_match(output, reply))
    return judge_error(fmt::format("the grader's output is not one line \"VERDICT SCORE\" (VERDICT AC, WA, TLE, "
                                   "RTE, MLE, OLE or JE): \"{}\"",
                                   output.substr(0, 200)));
  const std::vector<std::string> words = split_words(output);
  const auto score = python_float(words[1]);
  if (!score) return judge_error(fmt::format("the grader's score \"{}\" is not a number", words[1]));
  return {words[0], *score, words[0] == "JE" ? "the grader replied JE" : ""};
}

nlohmann::json parse_score_range(const std::string& text, const std::string& where) {
  const std::vector<std::string> words = split_words(text);
  nlohmann::json range = nlohmann::json::array();
  for (const auto& word : words) {
    const auto value = python_float(word);
    if (!value || std::isnan(*value)) break;
    range.push_back(std::isinf(*value) ? nlohmann::json(nullptr) : nlohmann::json(*value));
  }
  if (words.size() != 2 || range.size() != 2)
    throw ConfigError(fmt::format("{}range must be two numbers \"A B\" (inf, -inf and +inf allowed), got '{}'",
                                  where, text));
  if (*python_float(words[0]) > *python_float(words[1])) throw ConfigError(fmt::format("{}range '{}': the minimum is greater than the maximum", where, text));
  return range;
}

void validate_kattis_legacy_scoring(const nlohmann::json& scoring) {
  if (!scoring.contains("root")) throw ConfigError("kattis_legacy scoring needs \"root\" (the group data/)");
  check_group(scoring["root"]);
  if (scoring.contains("custom_grader")) {
    const auto& grader = scoring["custom_grader"];
    if (!grader.is_object() || !grader.contains("command") || !grader["command"].is_array() ||
        grader["command"].empty())
      throw ConfigError("kattis_legacy scoring: custom_grader needs a \"command\"");
  }
}

Score kattis_legacy_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests, Score result,
                          const GraderRunner& custom) {
  GroupGrader grader(tests, custom);
  const std::optional<ItemResult> root = grader.grade(scoring["root"]);
  const ItemResult graded = root.value_or(ItemResult{"AC", 0});
  result.verdict = judge_verdict(graded.verdict);
  result.score = result.verdict == Verdict::AC ? graded.score : 0;
  result.details = {{"verdict", graded.verdict}, {"graded_score", graded.score}, {"groups", grader.groups_}};
  if (!grader.out_of_range_.empty()) result.details["out_of_range"] = grader.out_of_range_;
  for (const auto& group : grader.groups_)
    if (group.contains("error")) {
      result.verdict_reason = fmt::format("group {}: {}", group["name"].get<std::string>(), group["error"].get<std::string>());
      break;
    }
  result.top_level["test_groups"] = grader.groups_;
  return result;
}

namespace {

// The tests of a group and its subgroups, every one AC with no score of its own.
void all_accepted(const nlohmann::json& group, std::vector<ScoredTest>& tests) {
  for (const auto& item : group["items"]) {
    if (item.is_string()) tests.push_back({item.get<std::string>(), Verdict::AC, nullptr});
    else all_accepted(item, tests);
  }
}

}  // namespace

nlohmann::json kattis_legacy_scoring(const nlohmann::json& root, const std::string& objective,
                                     const nlohmann::json& custom_grader) {
  nlohmann::json scoring = {{"type", "kattis_legacy"}, {"root", root}, {"objective", objective}};
  if (!custom_grader.is_null()) scoring["custom_grader"] = custom_grader;
  const nlohmann::json& best = root["range"][1];
  // objective: min (a smaller score is better) is noted as unbounded: no score is
  // compared with a best one (docs/problem-format.md says where we differ).
  scoring["unbounded"] = !best.is_number() || objective == "min";
  if (best.is_number()) {
    scoring["max_score"] = best;
  } else {
    // What the default graders give every test accepted (a custom grader is not run
    // to find a figure to show).
    std::vector<ScoredTest> tests;
    all_accepted(root, tests);
    const GraderRunner as_default = [](const std::string& input, const std::vector<std::string>& flags) {
      return default_grader(input, flags);
    };
    scoring["max_score"] = std::max(0.0, kattis_legacy_score(scoring, tests, Score{}, as_default).score);
  }
  return scoring;
}

GraderReply run_custom_grader(const nlohmann::json& grader, const std::string& input,
                              const std::vector<std::string>& flags) {
  const TempDir work("judge-grader-");
  std::ofstream(work.path() / "input", std::ios::binary) << input;
  ToolRunRequest request;
  request.argv = grader["command"].get<std::vector<std::string>>();
  request.argv.insert(request.argv.end(), flags.begin(), flags.end());
  request.working_dir = grader.value("working_dir", std::string());
  request.log_path = work.path() / "stderr";
  request.stdin_path = work.path() / "input";
  request.stdout_path = work.path() / "output";
  request.cpu_limit_ms = 10000;
  const ToolRun run = run_tool(request);
  const std::string name = grader.value("name", std::string("the custom grader"));
  if (!run.succeeded()) return judge_error(run.failure_message(name));
  std::string output = read_file(work.path() / "output").value_or("");
  return parse_grader_output(output);
}

}  // namespace judge
