# Warnings, as errors, for the project's own targets only (never global flags).
function(precisionlab_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror
    -Wno-unused-parameter)
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
