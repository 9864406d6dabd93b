#include "iw/version.hpp"

namespace iw {
int core_abi_version() { return kCoreAbiVersion; }
}  // namespace iw
