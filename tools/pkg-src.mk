# src/Makefile of the package tarball dfg-<version>.tar.gz (`make dist`,
# tools/mkdist.sh).  Octave's pkg install runs make here with MKOCTFILE and
# OCTAVE in the environment.  dfg/ holds the project's own Makefile and the
# sources it builds; that Makefile builds the library, the MEX gateway and,
# when it finds nvcc (and CUDA=0 is not set), the CUDA backend.
#
# Where the built files go: dfg_mex.mex and libdfg_cuda.so (when built)
# are copied here and listed in FILES, so that pkg install puts them in the
# package's architecture-dependent folder (the backend is looked for next
# to the gateway); +dfg/while.mex goes into ../inst/+dfg, beside
# +dfg/while.m, its help (Octave runs the .mex of a folder before its .m).
MKOCTFILE ?= mkoctfile
OCTAVE    ?= octave

.PHONY: all clean

all:
	@mkdir -p dfg/+dfg
	$(MAKE) -C dfg MKOCT="$(MKOCTFILE)" OCTAVE="$(OCTAVE)" all
	cp dfg/dfg_mex.mex dfg/+dfg/while.mex .
	mv while.mex ../inst/+dfg/
	echo dfg_mex.mex > FILES
	if [ -f dfg/build/libdfg_cuda.so ]; then cp dfg/build/libdfg_cuda.so . && echo libdfg_cuda.so >> FILES; fi

clean:
	$(MAKE) -C dfg clean
	rm -f dfg_mex.mex libdfg_cuda.so FILES
