// fmt's compiled part, once, for the JNI library and the WebAssembly module,
// which link no libfmt.so (Debian ships neither a static libfmt nor a wasm
// one): FMT_HEADER_ONLY compiled it into every file instead and doubled each
// file's compile time (measured: 35 s -> 69 s for one file beside the tests).
// The rest of fmt is templates in its headers.
#include <fmt/format.h>
// The non-template functions, defined here (FMT_FUNC is empty without FMT_HEADER_ONLY).
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

// The instances fmt/format.h declares `extern template` without FMT_HEADER_ONLY,
// and the templates it declares and defines only in format-inl.h.
template FMT_API auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto thousands_sep_impl<wchar_t>(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;
template FMT_API auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;
template FMT_API void buffer<char>::append(const char*, const char*);
template FMT_API void vformat_to(buffer<char>&, string_view, basic_format_args<FMT_BUFFER_CONTEXT(char)>, locale_ref);

}  // namespace detail
FMT_END_NAMESPACE
