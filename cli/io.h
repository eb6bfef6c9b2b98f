// Reading the command line's inputs and writing what several commands print.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fuzzycron::cli {

// A file's whole text; throws Error(argument) when it cannot be read.
std::string read_file(const std::string& path);
// The text split at '\n' (no empty last line for a final newline).
std::vector<std::string> lines_of(std::string_view text);
// Hosts named by --hosts N (host-1 ... host-N) or --host-list FILE (one per
// line, # comments); none when neither is given. Throws Error.
std::vector<std::string> hosts_of(const std::optional<int>& count, const std::string& list);
// Writes beside `path` and renames over it: never a half-written file. A
// symlink's target is replaced (the link stays); a device or FIFO (/dev/null)
// is written to directly, never replaced.
void write_file_atomically(const std::string& path, std::string_view text);
// A workflow's path in its repository: ".github/workflows/x.yml" from any
// path that contains it, else the file name.
std::string workflow_path_of(const std::string& file);
// This machine's host name (gethostname), "localhost" when it has none.
std::string host_name();
// "3d 4h", "12m 5s", "250ms": the two largest units.
std::string format_distance(std::chrono::milliseconds d);

}  // namespace fuzzycron::cli
