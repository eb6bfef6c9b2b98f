// The one caret renderer: the line a problem points into and a caret under
// its column, for Error::with_caret and format_diagnostic alike.
#pragma once

#include <string>
#include <string_view>

namespace fuzzycron {

// "  TEXT\n  ^" with the caret under byte `column` (1-based) of `text`, no
// final newline; just "  TEXT" when column < 1. Long text is shown as a window
// of 60 bytes either side of the column, marked with "..."; control bytes are
// shown as '?' and the caret is padded by UTF-8 characters, not bytes, so it
// lines up.
std::string caret_lines(std::string_view text, int column);

}  // namespace fuzzycron
