/* kernels/cuda/runtime.cu -- the device: probe, memory, copies, errors,
 * and the backend's function table (dfg_cuda.h). */
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include "internal.h"

cudaStream_t       dfg_cu_stream = nullptr;
cublasHandle_t     dfg_cu_blas = nullptr;
cusolverDnHandle_t dfg_cu_solver = nullptr;
int *              dfg_cu_flag = nullptr;

static thread_local char err_msg[512];
static int probed = 0, probe_code = DFG_CUDA_NODEVICE;
static char probe_msg[512] = "dfg: the CUDA backend was not probed";

int dfg_cu_fail(int code, const char * fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err_msg, sizeof err_msg, fmt, ap);
    va_end(ap);
    return code;
}

int dfg_cu_check(cudaError_t e, const char * what)
{
    if (e == cudaSuccess)
        return 0;
    return dfg_cu_fail(DFG_CUDA_ERR, "%s: %s (CUDA error %d)", what, cudaGetErrorString(e), (int)e);
}

int dfg_cu_ready(void)
{
    if (probed && probe_code == 0)
        return 0;
    return dfg_cu_fail(probed ? probe_code : DFG_CUDA_NODEVICE, "%s", probe_msg);
}

int dfg_cu_flag_clear(void)
{
    return dfg_cu_check(cudaMemsetAsync(dfg_cu_flag, 0, sizeof *dfg_cu_flag, dfg_cu_stream),
                        "dfg (GPU): clearing the domain flag");
}

int dfg_cu_flag_get(int * value)
{
    *value = 0;
    int st = dfg_cu_check(cudaMemcpyAsync(value, dfg_cu_flag, sizeof *value, cudaMemcpyDeviceToHost,
                                          dfg_cu_stream), "dfg (GPU): reading the domain flag");
    return st ? st : dfg_cu_check(cudaStreamSynchronize(dfg_cu_stream), "dfg (GPU): a kernel");
}

int dfg_cu_flag_read(const char * what)
{
    int h = 0;
    int st = dfg_cu_flag_get(&h);
    if (!st && h)
        st = dfg_cu_fail(DFG_CUDA_DOMAIN, "%s: the result would be complex (an element outside "
                         "the real domain)", what);
    return st;
}

/* what a probe that failed half way made (it stays failed: probed) */
static void release_partial(void)
{
    if (dfg_cu_solver)
        cusolverDnDestroy(dfg_cu_solver);
    if (dfg_cu_blas)
        cublasDestroy(dfg_cu_blas);
    if (dfg_cu_flag)
        cudaFree(dfg_cu_flag);
    if (dfg_cu_stream)
        cudaStreamDestroy(dfg_cu_stream);
    dfg_cu_solver = nullptr;
    dfg_cu_blas = nullptr;
    dfg_cu_flag = nullptr;
    dfg_cu_stream = nullptr;
}

static int probe(dfg_cuda_info * info)
{
    if (probed) {
        if (!probe_code && info) {
            cudaDeviceProp p;
            size_t fr = 0, tot = 0;
            memset(info, 0, sizeof *info);
            cudaGetDeviceCount(&info->devices);
            if (cudaGetDeviceProperties(&p, 0) == cudaSuccess) {
                snprintf(info->name, sizeof info->name, "%s", p.name);
                info->cc_major = p.major;
                info->cc_minor = p.minor;
            }
            if (cudaMemGetInfo(&fr, &tot) == cudaSuccess) {
                info->free_bytes = fr;
                info->total_bytes = tot;
            }
            cudaRuntimeGetVersion(&info->runtime_version);
            cudaDriverGetVersion(&info->driver_version);
        }
        return probe_code ? dfg_cu_fail(probe_code, "%s", probe_msg) : 0;
    }
    probed = 1;
    int n = 0, rt = 0, drv = 0;
    cudaRuntimeGetVersion(&rt);
    cudaDriverGetVersion(&drv);
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess || n == 0) {
        if (drv == 0)
            snprintf(probe_msg, sizeof probe_msg, "no CUDA driver (libcuda.so.1 not found or not "
                     "loadable; CUDA runtime %d.%d)", rt / 1000, rt % 1000 / 10);
        else if (e == cudaErrorInsufficientDriver)
            snprintf(probe_msg, sizeof probe_msg, "the CUDA driver (%d.%d) is older than the CUDA "
                     "runtime dfg was built with (%d.%d)", drv / 1000, drv % 1000 / 10,
                     rt / 1000, rt % 1000 / 10);
        else if (e == cudaErrorNoDevice || n == 0)
            snprintf(probe_msg, sizeof probe_msg, "no CUDA-capable GPU found (driver %d.%d)",
                     drv / 1000, drv % 1000 / 10);
        else
            snprintf(probe_msg, sizeof probe_msg, "the CUDA runtime cannot start: %s (CUDA error %d)",
                     cudaGetErrorString(e), (int)e);
        probe_code = DFG_CUDA_NODEVICE;
        return dfg_cu_fail(probe_code, "%s", probe_msg);
    }
    if ((e = cudaSetDevice(0)) != cudaSuccess ||
        (e = cudaStreamCreateWithFlags(&dfg_cu_stream, cudaStreamNonBlocking)) != cudaSuccess ||
        (e = cudaMalloc((void **)&dfg_cu_flag, sizeof *dfg_cu_flag)) != cudaSuccess) {
        snprintf(probe_msg, sizeof probe_msg, "the GPU cannot be used: %s (CUDA error %d)",
                 cudaGetErrorString(e), (int)e);
        release_partial();
        probe_code = DFG_CUDA_NODEVICE;
        return dfg_cu_fail(probe_code, "%s", probe_msg);
    }
    cublasStatus_t bs = cublasCreate(&dfg_cu_blas);
    if (bs == CUBLAS_STATUS_SUCCESS)
        bs = cublasSetStream(dfg_cu_blas, dfg_cu_stream);
    if (bs != CUBLAS_STATUS_SUCCESS) {
        snprintf(probe_msg, sizeof probe_msg, "cuBLAS cannot start (status %d)", (int)bs);
        release_partial();
        probe_code = DFG_CUDA_NODEVICE;
        return dfg_cu_fail(probe_code, "%s", probe_msg);
    }
    /* cuSOLVER (the linear algebra of linalg.cu), on the same stream */
    cusolverStatus_t ss = cusolverDnCreate(&dfg_cu_solver);
    if (ss == CUSOLVER_STATUS_SUCCESS)
        ss = cusolverDnSetStream(dfg_cu_solver, dfg_cu_stream);
    if (ss != CUSOLVER_STATUS_SUCCESS) {
        snprintf(probe_msg, sizeof probe_msg, "cuSOLVER cannot start (status %d)", (int)ss);
        release_partial();
        probe_code = DFG_CUDA_NODEVICE;
        return dfg_cu_fail(probe_code, "%s", probe_msg);
    }
    probe_code = 0;
    snprintf(probe_msg, sizeof probe_msg, "ok");
    return probe(info);
}

static const char * last_error(void) { return err_msg; }

/* frees what probe made (stream, cuBLAS and cuSOLVER handles), also when
 * it failed half way */
static void shutdown(void)
{
    release_partial();
    probed = 0;
    probe_code = DFG_CUDA_NODEVICE;
}

static int alloc(void ** p, size_t bytes)
{
    *p = nullptr;
    int st = dfg_cu_ready();
    if (st)
        return st;
    return dfg_cu_check(cudaMalloc(p, bytes ? bytes : 1), "dfg (GPU): allocating device memory");
}

static void release(void * p)
{
    if (p)
        cudaFree(p);
}

static int to_device(void * d, const void * h, size_t bytes)
{
    int st = dfg_cu_ready();
    if (st || !bytes)
        return st;
    st = dfg_cu_check(cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, dfg_cu_stream),
                      "dfg (GPU): copy to the device");
    /* the host buffer may change once we return */
    return st ? st : dfg_cu_check(cudaStreamSynchronize(dfg_cu_stream), "dfg (GPU): copy to the device");
}

static int to_host(void * h, const void * d, size_t bytes)
{
    int st = dfg_cu_ready();
    if (st || !bytes)
        return st;
    st = dfg_cu_check(cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, dfg_cu_stream),
                      "dfg (GPU): copy to the host");
    return st ? st : dfg_cu_check(cudaStreamSynchronize(dfg_cu_stream), "dfg (GPU): copy to the host");
}

static int copy(void * dd, const void * ds, size_t bytes)
{
    int st = dfg_cu_ready();
    if (st || !bytes)
        return st;
    return dfg_cu_check(cudaMemcpyAsync(dd, ds, bytes, cudaMemcpyDeviceToDevice, dfg_cu_stream),
                        "dfg (GPU): device copy");
}

static int sync_all(void)
{
    int st = dfg_cu_ready();
    return st ? st : dfg_cu_check(cudaStreamSynchronize(dfg_cu_stream), "dfg (GPU): a kernel");
}

static const dfg_cuda_api api = {
    DFG_CUDA_ABI, probe, last_error, shutdown,
    alloc, release, to_device, to_host, copy, sync_all,
    dfg_cu_unary, dfg_cu_binary, dfg_cu_reduce, dfg_cu_gemm,
    dfg_cu_rand, dfg_cu_permute, dfg_cu_scan, dfg_cu_cat, dfg_cu_gather,
    dfg_cu_broadcast, dfg_cu_scatter,
    dfg_cu_syrk, dfg_cu_symmetrize, dfg_cu_mldivide, dfg_cu_inv, dfg_cu_det,
    dfg_cu_chol, dfg_cu_lu, dfg_cu_qr, dfg_cu_eig_sym, dfg_cu_svd, dfg_cu_pinv,
};

extern "C" const dfg_cuda_api * dfg_cuda_api_get(int abi)
{
    return abi == DFG_CUDA_ABI ? &api : nullptr;
}
