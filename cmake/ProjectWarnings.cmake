# Warnings, as errors, for the project's own targets only (never global flags).
option(PRECISIONLAB_FORTIFY "Build with -D_FORTIFY_SOURCE=2 (optimized builds, Linux)" ON)
function(precisionlab_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror
    -Wno-unused-parameter)
  # GCC 12 in C++20 mode (the LibTorch 2.x build: torch 2.15 requires C++20) reports false
  # -Wrestrict / -Warray-bounds / -Wstringop-* overflows inside libstdc++'s inlined std::string
  # copies (GCC bugs 105329, 105651); they stay warnings there, not errors. Set in every build,
  # not only the 2.x one, so a file that includes no torch header compiles with the same flags in
  # both and the second build takes it from ccache (packaging/setup.sh test).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-error=restrict -Wno-error=array-bounds
      -Wno-error=stringop-overflow -Wno-error=stringop-overread)
  endif()
  # Hardening as Debian builds its packages (lintian's hardening checks of the .deb): the
  # dynamic linker binds every symbol at start-up behind a read-only relocation table (bindnow,
  # relro), and, with PRECISIONLAB_FORTIFY, libc calls are fortified where the compiler
  # optimizes (_FORTIFY_SOURCE needs -O). Fortify changes every object's flags, so a build tree
  # can turn it off to share ccache objects with unfortified trees (never for a release).
  if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND NOT PRECISIONLAB_SANITIZE)
    target_link_options(${target} PRIVATE LINKER:-z,relro LINKER:-z,now)
    if(PRECISIONLAB_FORTIFY)
      target_compile_options(${target} PRIVATE
        $<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:-U_FORTIFY_SOURCE>
        $<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:-D_FORTIFY_SOURCE=2>)
    endif()
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
