# corpus.accuracy: score the corpus against the committed floor, then
# compare the generated accuracy report with docs/accuracy.md.
# UPDATE_ACCURACY=1 in the environment rewrites docs/accuracy.md instead.
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CORPUS} score ${SRC}/fixtures/corpus ${WORK}
    --markdown ${WORK}.md --floor ${SRC}/fixtures/corpus/FLOOR
    RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "corpus score failed (exit ${rc})")
endif()
if(DEFINED ENV{UPDATE_ACCURACY})
  file(COPY_FILE ${WORK}.md ${SRC}/docs/accuracy.md)
  return()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files
    ${WORK}.md ${SRC}/docs/accuracy.md RESULT_VARIABLE diff)
if(NOT diff EQUAL 0)
  message(FATAL_ERROR "docs/accuracy.md is stale: compare with ${WORK}.md "
      "(UPDATE_ACCURACY=1 ctest -R corpus.accuracy rewrites it)")
endif()
