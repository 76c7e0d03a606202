#include "export/statement_latex.hpp"

#include <cstdlib>
#include <memory>

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {

namespace {

struct ParserFree {
  void operator()(cmark_parser* parser) const { cmark_parser_free(parser); }
};
struct NodeFree {
  void operator()(cmark_node* node) const { cmark_node_free(node); }
};
struct TextFree {
  void operator()(char* text) const { std::free(text); }
};

// \problemname's argument: the LaTeX specials of a plain title escaped.
std::string latex_escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '{':
      case '}':
      case '$':
      case '&':
      case '#':
      case '%':
      case '_': out += std::string("\\") + c; break;
      case '^': out += "\\^{}"; break;
      case '~': out += "\\~{}"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string statement_latex(const std::string& title, const std::string& markdown_body) {
  // Registering the core extensions is idempotent (cmark-gfm keeps one registry).
  cmark_gfm_core_extensions_ensure_registered();
  const std::unique_ptr<cmark_parser, ParserFree> parser(cmark_parser_new(CMARK_OPT_DEFAULT));
  if (cmark_syntax_extension* table = cmark_find_syntax_extension("table"))
    cmark_parser_attach_syntax_extension(parser.get(), table);
  cmark_parser_feed(parser.get(), markdown_body.data(), markdown_body.size());
  const std::unique_ptr<cmark_node, NodeFree> document(cmark_parser_finish(parser.get()));
  if (!document) throw JudgeFault("cmark-gfm could not parse the statement");
  const std::unique_ptr<char, TextFree> latex(
      cmark_render_latex(document.get(), CMARK_OPT_DEFAULT, /*width: keep the lines*/ 0));
  return fmt::format("\\problemname{{{}}}\n\n{}", latex_escaped(title), latex.get());
}

}  // namespace judge
