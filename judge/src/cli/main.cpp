#include "cli/cli.hpp"

int main(int argc, char** argv) { return judge::run_cli(argc, argv); }
