// In-place resolution: libfyaml finds the schedule scalars and where they
// start and end in the text; the text is spliced there and nowhere else, in
// the scalar's own quoting style.
#include "tools/yaml_document.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "fuzzycron/error.h"
#include "fuzzycron/resolve.h"

namespace fuzzycron::tools {
namespace {

struct Parser {
  fy_diag* diag = nullptr;
  fy_parser* parser = nullptr;
  ~Parser() {
    if (parser) fy_parser_destroy(parser);
    if (diag) fy_diag_destroy(diag);
  }
};
// A single-quoted scalar's value from its text: '' is ', and line breaks fold
// as in every YAML flow scalar (a break between lines is a space, an empty line
// a newline, the breaks' surrounding blanks go). Read here, not through
// fy_node_get_scalar: libfyaml 0.7.12 leaks the buffer it formats a scalar
// with many '' escapes into (a fuzz finding).
std::string single_quoted_value(std::string_view raw) {
  std::string out;
  std::size_t at = 0;
  bool first = true, pending_space = false;
  while (at <= raw.size()) {
    const auto nl = raw.find('\n', at);
    std::string_view line = raw.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
    if (!first) {
      const auto b = line.find_first_not_of(" \t\r");
      line = b == std::string_view::npos ? std::string_view() : line.substr(b);
    }
    if (nl != std::string_view::npos) {
      const auto e = line.find_last_not_of(" \t\r");
      line = e == std::string_view::npos ? std::string_view() : line.substr(0, e + 1);
    }
    if (!first) {
      if (line.empty() && nl != std::string_view::npos) {
        out += '\n';
        pending_space = false;
      } else if (pending_space) {
        out += ' ';
      }
    }
    for (std::size_t i = 0; i < line.size(); ++i) {
      out += line[i];
      if (line[i] == '\'' && i + 1 < line.size() && line[i + 1] == '\'') ++i;
    }
    if (nl == std::string_view::npos) break;
    pending_space = !line.empty() || first;
    first = false;
    at = nl + 1;
  }
  return out;
}
// YAML text is Unicode of printable characters (YAML 1.2 c-printable in
// UTF-8). Checked before libfyaml sees it: besides a precise message, this
// keeps hostile bytes away from the parser (libfyaml 0.7.12 loops forever on
// invalid UTF-8 in a directive line).
void check_printable(std::string_view yaml) {
  int line = 1, column = 1;
  for (std::size_t i = 0; i < yaml.size();) {
    const auto b = static_cast<unsigned char>(yaml[i]);
    std::size_t n = 1;
    char32_t c = b;
    if (b >= 0x80) {
      n = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xC2 && b <= 0xDF ? 2 : 0;
      c = n == 4 ? b & 0x07u : n == 3 ? b & 0x0Fu : b & 0x1Fu;
      for (std::size_t k = 1; n != 0 && k < n; ++k) {
        const auto x = i + k < yaml.size() ? static_cast<unsigned char>(yaml[i + k]) : 0u;
        if ((x & 0xC0u) != 0x80u) n = 0;
        c = (c << 6) | (x & 0x3Fu);
      }
      if (n != 0 && ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10FFFF)))) n = 0;  // overlong
    }
    const bool printable =
        n != 0 && (c == 0x09 || c == 0x0A || c == 0x0D || (c >= 0x20 && c <= 0x7E) || c == 0x85 ||
                   (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF));
    if (!printable) {
      const auto start = yaml.rfind('\n', i == 0 ? 0 : i - 1);
      const std::size_t from = start == std::string_view::npos || i == 0 ? 0 : start + 1;
      const auto end = yaml.find('\n', i);
      throw Error(
          ErrorKind::syntax,
          n == 0 ? fmt::format("not valid YAML: byte 0x{:02x} is not valid UTF-8", b)
                 : fmt::format("not valid YAML: U+{:04X} is not a printable character", static_cast<std::uint32_t>(c)),
          std::string(yaml.substr(from, end == std::string_view::npos ? std::string_view::npos : end - from)), column,
          line);
    }
    if (c == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += n;
  }
}
// Whether a schedule has hash forms: only those are rewritten (a schedule
// without H, @daily or @every 2h included, stays byte for byte).
bool hashed(const std::string& value) { return value.find('H') != std::string::npos; }
// Every scalar under `n`, `depth` levels down (a bound against hostile nesting).
void each_scalar_at(fy_node* n, bool in_flow, const std::function<void(fy_node*, bool)>& f, int depth) {
  if (!n || depth > 200) return;
  switch (fy_node_get_type(n)) {
    case FYNT_SCALAR: f(n, in_flow); break;
    case FYNT_SEQUENCE: {
      void* it = nullptr;
      while (fy_node* item = fy_node_sequence_iterate(n, &it))
        each_scalar_at(item, fy_node_get_style(n) == FYNS_FLOW, f, depth + 1);
      break;
    }
    case FYNT_MAPPING: {
      void* it = nullptr;
      while (fy_node_pair* pair = fy_node_mapping_iterate(n, &it))
        each_scalar_at(fy_node_pair_value(pair), fy_node_get_style(n) == FYNS_FLOW, f, depth + 1);
      break;
    }
  }
}

}  // namespace

std::string_view syntax_trim(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\n' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\n' || v.back() == '\t')) v.remove_suffix(1);
  return v;
}

InPlaceProblem problem(const Scalar& s, int column, std::string message) {
  InPlaceProblem p;
  p.document = s.document;
  p.line = s.line;
  p.column = column;
  p.name = s.name;
  p.message = std::move(message);
  return p;
}
// A scalar node's value (single-quoted ones read from the text, see above).
std::string scalar_of(std::string_view yaml, fy_node* n) {
  if (fy_node_get_style(n) == FYNS_SINGLE_QUOTED) {
    fy_token* t = fy_node_get_scalar_token(n);
    const fy_mark* a = t ? fy_token_start_mark(t) : nullptr;
    const fy_mark* b = t ? fy_token_end_mark(t) : nullptr;
    if (!a || !b || b->input_pos < a->input_pos || b->input_pos > yaml.size()) return {};
    return single_quoted_value(yaml.substr(a->input_pos, b->input_pos - a->input_pos));
  }
  size_t len = 0;
  const char* s = fy_node_get_scalar(n, &len);
  return s ? std::string(s, len) : std::string();
}

fy_node* lookup(fy_node* map, const char* key) {
  if (!map || fy_node_get_type(map) != FYNT_MAPPING) return nullptr;
  return fy_node_mapping_lookup_by_string(map, key, FY_NT);
}

std::string text_of(std::string_view yaml, fy_node* map, const char* key) {
  fy_node* n = lookup(map, key);
  return n && fy_node_get_type(n) == FYNT_SCALAR ? scalar_of(yaml, n) : std::string();
}

// A scalar node's place in the text, or nullopt. `in_flow`: its parent is a flow mapping.
std::optional<Scalar> place_of(std::string_view yaml, fy_node* n, bool in_flow, int doc) {
  if (!n || fy_node_get_type(n) != FYNT_SCALAR) return std::nullopt;
  fy_token* t = fy_node_get_scalar_token(n);
  const fy_mark* a = t ? fy_token_start_mark(t) : nullptr;
  const fy_mark* b = t ? fy_token_end_mark(t) : nullptr;
  if (!a || !b || b->input_pos < a->input_pos || b->input_pos > yaml.size()) return std::nullopt;
  const fy_node_style style = fy_node_get_style(n);
  Scalar s{doc, a->input_pos, b->input_pos, a->line + 1, a->column + 1, style, in_flow, scalar_of(yaml, n), {}, {}};
  // The token's marks hold the text between the quotes; the splice takes the
  // quotes too. The line and column stay on the text, where errors point.
  if (s.style == FYNS_SINGLE_QUOTED || s.style == FYNS_DOUBLE_QUOTED) {
    --s.begin;
    ++s.end;
  }
  return s;
}

// The scalar under `key` of `map` in document `doc`, or nullopt when there is none.
std::optional<Scalar> place(std::string_view yaml, fy_node* map, const char* key, int doc) {
  return place_of(yaml, lookup(map, key), map && fy_node_get_style(map) == FYNS_FLOW, doc);
}
void each_scalar(fy_node* n, bool in_flow, const std::function<void(fy_node*, bool)>& f) {
  each_scalar_at(n, in_flow, f, 0);
}

// Calls f(root, document number) for every document of the stream; throws for YAML errors.
void each_document(std::string_view yaml, const std::function<void(fy_node*, int)>& f) {
  check_printable(yaml);
  Parser p;
  fy_diag_cfg dcfg;
  fy_diag_cfg_default(&dcfg);
  dcfg.fp = nullptr;
  p.diag = fy_diag_create(&dcfg);
  fy_diag_set_collect_errors(p.diag, true);
  fy_parse_cfg cfg{};
  // As kubectl and Helm read YAML: a flow list's closing ']' at the key's
  // column is accepted, and aliases and merge keys (<<: *defaults) are
  // followed (a followed scalar keeps its anchor's place in the text).
  cfg.flags = static_cast<fy_parse_cfg_flags>(FYPCF_QUIET | FYPCF_DEFAULT_VERSION_1_2 | FYPCF_SLOPPY_FLOW_INDENTATION |
                                              FYPCF_RESOLVE_DOCUMENT);
  cfg.diag = p.diag;
  p.parser = fy_parser_create(&cfg);
  if (!p.parser || fy_parser_set_string(p.parser, yaml.data(), yaml.size()) != 0)
    throw std::runtime_error("cannot start the YAML parser");
  int doc = 0;
  // The collected error's line and column are 1-based (what libfyaml prints).
  auto fail = [&] {
    void* it = nullptr;
    if (fy_diag_error* e = fy_diag_errors_iterate(p.diag, &it)) {
      const int line = std::max(e->line, 1);
      std::size_t start = 0;
      for (int l = 1; l < line && start != std::string_view::npos; ++l) {
        start = yaml.find('\n', start);
        if (start != std::string_view::npos) ++start;
      }
      std::string text;
      if (start != std::string_view::npos && start < yaml.size())
        text = yaml.substr(start, yaml.find('\n', start) - start);
      throw Error(ErrorKind::syntax, fmt::format("not valid YAML: {}", e->msg ? e->msg : "parse error"), text,
                  std::max(e->column, 1), line);
    }
    throw Error(ErrorKind::syntax, "not valid YAML");
  };
  while (true) {
    fy_document* d = fy_parse_load_document(p.parser);
    if (!d) {
      if (fy_parser_get_stream_error(p.parser)) fail();
      break;
    }
    ++doc;
    f(fy_document_root(d), doc);
    fy_parse_document_destroy(p.parser, d);
  }
}

// The resolved text in the scalar's style: plain where YAML allows it, else
// quoted as it was (a plain scalar that may not stay plain becomes '...').
std::string in_style(const std::string& value, fy_node_style style, bool in_flow) {
  auto single = [&] {
    std::string out = "'";
    for (char c : value) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
  };
  if (style == FYNS_SINGLE_QUOTED) return single();
  if (style == FYNS_DOUBLE_QUOTED) {
    std::string out = "\"";
    for (char c : value) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out + "\"";
  }
  const bool plain_ok =
      !value.empty() && std::string_view("*&!|>'\"%@`#,[]{}?:-").find(value[0]) == std::string_view::npos &&
      value.find(": ") == std::string::npos && value.find(" #") == std::string::npos && value.back() != ' ' &&
      value.back() != ':' && (!in_flow || value.find_first_of(",[]{}") == std::string::npos);
  return plain_ok ? value : single();
}
InPlaceResult splice(std::string_view yaml, std::vector<Scalar> found, const ParseOptions& base,
                     std::vector<InPlaceProblem> problems) {
  InPlaceResult out;
  out.problems = std::move(problems);
  std::erase_if(found, [](const Scalar& s) { return !hashed(s.value); });
  std::stable_sort(found.begin(), found.end(), [](const Scalar& a, const Scalar& b) { return a.begin < b.begin; });
  // One scalar reached by several schedules (an anchor followed by aliases or
  // merge keys) cannot hold each one's own value.
  for (std::size_t i = 0; i + 1 < found.size();) {
    std::size_t j = i + 1;
    while (j < found.size() && found[j].begin == found[i].begin) ++j;
    if (j - i > 1) {
      bool same_seed = true;
      std::string names;
      for (std::size_t k = i; k < j; ++k) {
        same_seed = same_seed && found[k].seed == found[i].seed;
        names += (k > i ? ", " : "") + found[k].name;
      }
      if (!same_seed) {
        out.problems.push_back(problem(found[i], found[i].column,
                                       fmt::format("this schedule is shared through an anchor by {} ({}): one place "
                                                   "cannot hold each one's own value; write the schedule in each",
                                                   j - i, names)));
        found.erase(found.begin() + static_cast<std::ptrdiff_t>(i), found.begin() + static_cast<std::ptrdiff_t>(j));
        continue;
      }
      found.erase(found.begin() + static_cast<std::ptrdiff_t>(i) + 1, found.begin() + static_cast<std::ptrdiff_t>(j));
    }
    ++i;
  }
  std::size_t at = 0;
  for (const Scalar& s : found) {
    out.text.append(yaml.substr(at, s.begin - at));
    at = s.begin;
    ParseOptions o = base;
    o.seed = s.seed;
    const bool block = s.style == FYNS_LITERAL || s.style == FYNS_FOLDED;
    // A block scalar (| or >) holds its value on its own line: that line changes.
    const std::string value = block ? std::string(syntax_trim(s.value)) : s.value;
    try {
      const std::string resolved = resolve(value, o);
      if (resolved == value) continue;
      if (block) {
        const std::string_view raw = yaml.substr(s.begin, s.end - s.begin);
        const auto inside = raw.find(value);
        if (inside == std::string_view::npos) {
          out.problems.push_back(problem(
              s, s.column, "a block scalar (| or >) over several lines is left as it is: write it on one line"));
          continue;
        }
        out.text.append(raw.substr(0, inside));
        out.text += resolved;
        out.text.append(raw.substr(inside + value.size()));
      } else {
        out.text += in_style(resolved, s.style, s.in_flow);
      }
      at = s.end;
      out.changes.push_back({s.document, s.line, s.column, s.name, value, resolved});
    } catch (const Error& e) {
      if (e.kind() == ErrorKind::missing_seed && s.seed.parts().empty()) {
        out.problems.push_back(problem(s, s.column, "the CronJob has no metadata.name to seed its hash forms with"));
        continue;
      }
      out.problems.push_back(problem(s, s.column + (e.column() > 0 ? e.column() - 1 : 0), e.message()));
    }
  }
  out.text.append(yaml.substr(at));
  return out;
}

std::vector<FoundSchedule> listed(const std::vector<Scalar>& found) {
  std::vector<FoundSchedule> out;
  for (const Scalar& s : found) {
    const bool block = s.style == FYNS_LITERAL || s.style == FYNS_FOLDED;
    out.push_back({s.document, s.line, s.column, s.name, block ? std::string(syntax_trim(s.value)) : s.value, s.seed});
  }
  return out;
}

}  // namespace fuzzycron::tools
