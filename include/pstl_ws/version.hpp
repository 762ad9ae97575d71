// SPDX-License-Identifier: MIT
// The version of pstl_ws these headers belong to (semantic versioning: before
// 1.0 a minor release may change the API and the ABI). CMake reads the three
// numbers from here, so this file is the one place they are written.
#pragma once

/// The version's three numbers.
#define PSTL_WS_VERSION_MAJOR 0
#define PSTL_WS_VERSION_MINOR 1
#define PSTL_WS_VERSION_PATCH 0

/// The version as one number, major * 10000 + minor * 100 + patch, for `#if`.
#define PSTL_WS_VERSION (PSTL_WS_VERSION_MAJOR * 10000 + PSTL_WS_VERSION_MINOR * 100 + PSTL_WS_VERSION_PATCH)
