// Standings shown: as JSON (standings.json), CSV (standings.csv, with cells a
// spreadsheet would run neutralised) and a table for the terminal. batch/standings.hpp
// computes them.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "batch/standings.hpp"

namespace judge {

// What a cell shows as its verdict: "AC", ...; "partial" for an AC below the full
// score (65 of 100); "pending" when submitted but not graded yet; "" when not submitted.
std::string cell_verdict_text(const StandingsCell& cell);

// An ICPC cell as the terminal and the CSV show it: "2/45" (2 attempts, solved at
// minute 45), "*" after the first solve, "3/-" not solved, " +1?" pending; "" untried.
std::string icpc_cell_text(const IcpcCell& cell);

// standings.json's "scoreboard": the rules and, for ICPC or IOI, their rows.
nlohmann::json scoreboard_to_json(const Standings& standings);

// A score as standings show it: 2 decimals ("87.35", "100.00").
std::string format_score(double score);

nlohmann::json standings_to_json(const Standings& standings);
// Header: rank,participant,total,<problem>,<problem> verdict,... (RFC 4180 quoting).
std::string standings_to_csv(const Standings& standings);
// A fixed-width table for the terminal; at most max_rows rows (then "... N more").
std::string format_standings_table(const Standings& standings, std::size_t max_rows);

}  // namespace judge
