/* mex/alias/while.c -- dfg.while.  "while" is an Octave keyword, so no
 * .m file can define a function of that name; this MEX file (built as
 * +dfg/while.mex) forwards every argument and output to
 * dfg.internal.while_loop, which holds the implementation (+dfg/while.m
 * holds the help and the tests: a comment-only file, the MEX runs).
 * Errors raised there propagate unchanged. */
#include "mex.h"

void mexFunction(int nlhs, mxArray * plhs[], int nrhs, const mxArray * prhs[])
{
    mexCallMATLAB(nlhs < 1 ? 1 : nlhs, plhs, nrhs, (mxArray **)prhs, "dfg.internal.while_loop");
}
