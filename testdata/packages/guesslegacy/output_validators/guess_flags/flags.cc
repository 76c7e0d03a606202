#include "flags.h"

#include <string>

int parse_max_guesses(const validation::Session& session) {
    constexpr int default_max_guesses = 10;
    const auto& args = session.args();
    int max_guesses = default_max_guesses;
    bool seen = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != "max_guesses") {
            session.judge_error("unknown validator flag '" + args[i] + "'");
        }
        if (seen) session.judge_error("validator flag max_guesses given twice");
        if (i + 1 >= args.size()) session.judge_error("validator flag max_guesses needs a number");
        const auto value = validation::parse_int(args[i + 1]);
        if (!value || *value < 1 || *value > 100) {
            session.judge_error("bad max_guesses value '" + args[i + 1] + "'");
        }
        max_guesses = *value;
        seen = true;
        ++i;
    }
    return max_guesses;
}
