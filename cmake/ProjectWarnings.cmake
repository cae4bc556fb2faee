# Warnings, as errors, for the project's own targets only (never global flags).
function(precisionlab_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror
    -Wno-unused-parameter)
  # GCC 12 in C++20 mode (the LibTorch 2.x build: torch 2.15 requires C++20) reports false
  # -Wrestrict / -Warray-bounds / -Wstringop-* overflows inside libstdc++'s inlined std::string
  # copies (GCC bugs 105329, 105651); they stay warnings there, not errors.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND Torch_VERSION VERSION_GREATER_EQUAL 2.0)
    target_compile_options(${target} PRIVATE -Wno-error=restrict -Wno-error=array-bounds
      -Wno-error=stringop-overflow -Wno-error=stringop-overread)
  endif()
  if(PRECISIONLAB_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
      -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
    # GCC's -Wmaybe-uninitialized is unreliable under ASan instrumentation (its manual says so);
    # it fires inside LibTorch's c10::optional<Generator>, not in our code.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      target_compile_options(${target} PRIVATE -Wno-error=maybe-uninitialized)
    endif()
  endif()
endfunction()

# Lets `target` include "<folder>/X.h" for the files of one source folder, and nothing else of
# the tree: a generated include root holding a single link named after the folder. (Pointing an
# include path at the project root would let any file include any other's private headers.)
function(precisionlab_folder_include target scope folder)
  set(_root ${PROJECT_BINARY_DIR}/include-roots/${folder})
  if(NOT EXISTS ${_root}/${folder})
    file(MAKE_DIRECTORY ${_root})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${_root}/${folder} SYMBOLIC)
  endif()
  target_include_directories(${target} ${scope} ${_root})
endfunction()
