# grammut_add_grammar(NAME <name> GRAMMARS <file.g4>... [START_RULE <rule>]
#                     [DIR <path>])
#
# Runs the ANTLR tool at build time and makes:
#   * <build>/grammars/<name>/ (or <build>/grammars/<path>/) with the .interp
#     files and a copy of the .g4 sources, whose predicate texts grammut
#     reads (for GRAMMUT_GRAMMAR=dir; an embedded language goes in
#     <host>/embedded/<TOKEN>/<name>, see grammar/embedded_language.h)
#   * a static library target grammut_grammar_<name> that embeds them; link it
#     into a fuzz target together with grammut::libfuzzer and the mutator
#     uses that grammar without any environment variable.
# One embedded grammar per binary.
set(GRAMMUT_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})
# Every kind of -fsanitize-coverage instrumentation, for -fno-sanitize-coverage=.
set(GRAMMUT_COVERAGE_KINDS edge,inline-8bit-counters,indirect-calls,trace-cmp,pc-table,trace-pc-guard,trace-pc,inline-bool-flag,func,bb,trace-div,trace-gep,stack-depth)

function(grammut_add_grammar)
  cmake_parse_arguments(G "" "NAME;START_RULE;DIR" "GRAMMARS" ${ARGN})
  if(NOT G_NAME OR NOT G_GRAMMARS)
    message(FATAL_ERROR "grammut_add_grammar needs NAME and GRAMMARS")
  endif()
  set(abs_grammars "")
  foreach(g ${G_GRAMMARS})
    get_filename_component(a ${g} ABSOLUTE)
    list(APPEND abs_grammars ${a})
  endforeach()
  if(NOT G_DIR)
    set(G_DIR ${G_NAME})
  endif()
  set(out_dir ${CMAKE_BINARY_DIR}/grammars/${G_DIR})
  set(stamp ${out_dir}/.stamp)
  add_custom_command(
    OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -E env bash ${GRAMMUT_CMAKE_DIR}/compile_g4.sh
            ${out_dir} ${abs_grammars}
    # The sources go beside the .interp files: grammut reads the texts of
    # semantic predicates from them (grammar/predicate_table.h).
    COMMAND ${CMAKE_COMMAND} -E copy ${abs_grammars} ${out_dir}
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${abs_grammars} ${GRAMMUT_CMAKE_DIR}/compile_g4.sh
    COMMENT "ANTLR: compiling grammar ${G_NAME}"
    VERBATIM)
  set(embed_cc ${CMAKE_CURRENT_BINARY_DIR}/grammut_grammar_${G_NAME}.cc)
  add_custom_command(
    OUTPUT ${embed_cc}
    COMMAND ${CMAKE_COMMAND} -DDIR=${out_dir} -DOUT=${embed_cc}
            -DNAME=${G_NAME} -DSTART_RULE=${G_START_RULE}
            -P ${GRAMMUT_CMAKE_DIR}/embed_interp.cmake
    DEPENDS ${stamp} ${GRAMMUT_CMAKE_DIR}/embed_interp.cmake
    COMMENT "grammut: embedding grammar ${G_NAME}"
    VERBATIM)
  add_library(grammut_grammar_${G_NAME} STATIC ${embed_cc})
  # Data, not code under test: no coverage instrumentation even when
  # CMAKE_CXX_FLAGS carry -fsanitize=fuzzer-no-link (as OSS-Fuzz's do).
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    target_compile_options(grammut_grammar_${G_NAME} PRIVATE
      -fno-sanitize=fuzzer,fuzzer-no-link -fno-sanitize-coverage=${GRAMMUT_COVERAGE_KINDS})
  endif()
  set_target_properties(grammut_grammar_${G_NAME} PROPERTIES
    GRAMMUT_INTERP_DIR ${out_dir})
  # The mutator finds the grammar through a weak reference; make the linker
  # take the object even though nothing references it strongly.
  target_link_options(grammut_grammar_${G_NAME} INTERFACE
    "LINKER:--undefined=grammut_embedded_grammar")
  add_custom_target(grammut_grammar_${G_NAME}_interp DEPENDS ${stamp})
endfunction()
