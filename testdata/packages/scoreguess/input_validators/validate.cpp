// Input validator of scoreguess: one integer 1..1000 and a newline. Exit 42 when valid.
#include <iostream>
#include <iterator>
#include <regex>
#include <string>

int main() {
    const std::string data{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    std::smatch match;
    const bool valid = std::regex_match(data, match, std::regex("([1-9][0-9]{0,3})\n")) &&
                       std::stoi(match[1].str()) <= 1000;
    return valid ? 42 : 43;
}
