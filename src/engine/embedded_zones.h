// The TZif files the WebAssembly build carries in its own data (a source
// generated at build time from the system database by cmake/embed_zones.cmake):
// a browser has no /usr/share/zoneinfo, and emscripten's virtual file system
// would add 60 KB of JavaScript to every download to serve them.
#pragma once
#include <string_view>

namespace fuzzycron::engine {

// The zone's TZif bytes, or "" when the build carries no zone of that name.
std::string_view embedded_zone(std::string_view name) noexcept;

}  // namespace fuzzycron::engine
