#include "finish.hpp"

#include <utility>

namespace interactor {

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::AC: return "AC";
    case Verdict::WA: return "WA";
    case Verdict::PE: return "PE";
    case Verdict::QLE: return "QLE";
  }
  return "WA";
}

int exit_code(Outcome outcome) {
  switch (outcome) {
    case Outcome::accept: return kExitAccept;
    case Outcome::reject: return kExitReject;
    case Outcome::judge_error: return kExitJudgeError;
  }
  return kExitJudgeError;
}

void throw_accept(std::string message) {
  throw Finish{Outcome::accept, Verdict::AC, std::move(message), false};
}

void throw_reject(Verdict verdict, std::string message, bool contestant_eof) {
  if (verdict == Verdict::AC) {
    throw_judge_error("interactor bug: reject() called with verdict AC: " + message);
  }
  throw Finish{Outcome::reject, verdict, std::move(message), contestant_eof};
}

void throw_judge_error(std::string message) {
  throw Finish{Outcome::judge_error, Verdict::WA, std::move(message), false};
}

}  // namespace interactor
