#pragma once
namespace iw {
// Bumped when a native algorithm changes its results.
inline constexpr int kCoreAbiVersion = 1;
}  // namespace iw
