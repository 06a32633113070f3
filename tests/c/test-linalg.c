/* tests/c/test-linalg.c -- kernels/cpu/linalg.c: gemm, mldivide, inv, det,
 * chol, lu, qr, eig_sym, svd_values, svd and pinv, in double and single.
 *
 * Expected values come from GNU Octave 7.3 (same OpenBLAS/LAPACK); the
 * script that printed them is quoted above the data.  Besides values the
 * tests check Octave's warnings (text and when they are given), its special
 * cases (singular and near-singular systems, empty and 1x1 matrices, Inf and
 * NaN), argument errors, every allocation-failure path (through the
 * allocation shim) and that inputs are never written.
 *
 * Build: gcc -std=c11 -O2 -Wall -Wextra -Werror -Ilib tests/c/test-linalg.c \
 *            kernels/cpu/linalg.c lib/base/status.c tests/c/alloc-shim.c \
 *            -lopenblas -lm -o /tmp/test-linalg */
#include <float.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "../../kernels/cpu/cpu.h"

/* tests/c/alloc-shim.c, when the test is linked with it (the standalone
 * build above).  Weak, so that the test also links against libdfg.a (make
 * test): there allocation failures cannot be injected and that part of
 * test_nomem_and_readonly is skipped. */
extern int     alloc_shim_fail_after __attribute__((weak));
extern int64_t alloc_shim_live __attribute__((weak));

/* ---- data from Octave 7.3 ------------------------------------------------
 * emit = @(name, x) printf ("static const double %s[] = { %s };\n", name,
 *                           sprintf ("%.17g, ", double (x(:))));
 * A3 = [4 -2 1; 3 6 -4; 2 1 8]; S3 = [4 1 2; 1 5 3; 2 3 6];
 * U3 = [2 1 -1; 0 3 2; 0 0 4]; L3 = U3'; B3 = [1 2; 3 4; 5 6];
 * T = [1 2; 3 4; 5 6]; W = [1 2 3; 4 5 6]; Td = [1 2; 2 4; 3 6];
 * Wd = [1 2 3; 2 4 6]; G23 = [1 -2 3; 0.5 4 -1]; G32 = [2 1; -1 3; 0 2];
 * M35 = [1 2 3 4 5; 2 -1 0 3 1; 4 2 -2 1 0]; M53 = M35';
 * E4 = [2 -1 0 0; -1 2 -1 0; 0 -1 2 -1; 0 0 -1 2]; Ns = [1 2; 3 6+6*eps];
 * then, in this order (a trailing _s means single inputs):
 * gemm:  g_nn = G23*G32, g_tn = G32'*G32, g_nt = G23*G23', g_tt = G32'*G23'
 * mldivide: x_A3 = A3\B3, x_S3 = S3\B3, x_U3 = U3\B3, x_L3 = L3\B3,
 *        x_T = T\[1 0; 2 1; 4 -1], x_W = W\[1 0; 2 1], x_Td = Td\[1; 2; 4],
 *        x_Wd = Wd\[1; 2], x_sing = [1 2; 2 4]\[1; 2], x_ns = Ns\[1; 2]
 * inv:   i_A3 .. i_L3 = inv(...), i_ns = inv(Ns), i_nsu = inv([1 1e20; 0 1])
 * det:   d_perm = det([0 1 0; 0 0 1; 1 0 0]), d_perm2 = det([0 1; 1 0])
 * chol:  c_S3 = chol(S3), c_nonsym = chol([4 1; 100 3])
 * lu:    [L, U, P] = lu(A3), lu(M35), lu(M53)
 * qr:    [Q, R] = qr(M53), qr(M53, 0), qr(M35), qr(M35, 0), qr(A3)
 * eig:   [V, D] = eig(S3), eig(E4)
 * svd:   svd(M53), svd(M35), svd(Td)
 * svd with vectors: [U, S, V] = svd(X, "econ") for X = M53, M35, A3, Td,
 *        emitted as sv_X_U, sv_X_s = diag(S), sv_X_V; single(M53),
 *        single(M35), single(Td) as sv_X_Us, sv_X_ss, sv_X_Vs.  Octave
 *        returns +0, not LAPACK's -0, for a zero singular value (bug
 *        #55710): 1 / svd(-0) is Inf, also with three outputs.
 * pinv:  pinv(M53), pinv(M35), pinv(Td), p_sing = pinv([1 2; 2 4]),
 *        p_stol = pinv(single([1 0; 0 1e-7])), p_dtol = pinv([1 0; 0 1e-17])
 * special cases: x_hns = [1 1; 1 1+eps]\[1; 2], x_tns = [1 1e20; 0 1]\[1; 1],
 *        x_inf = [Inf 1; 1 1]\[1; 2], x_nan = [NaN 1; 1 1]\[1; 2],
 *        d_scal = det([0 0 1e300; 1e-200 0 0; 0 1e-200 0]),
 *        d_nan = det([NaN 1; 1 1]), d_sing = det([1 2; 2 4]),
 *        i_inf = inv([Inf 1; 1 1]), i_nan = inv([NaN 1; 1 1]),
 *        x_nan_s = single([NaN 1; 1 1])\single([1; 2]) (sgetrf, unlike
 *        dgetrf, leaves a finite second pivot). */
static const double x_nan_s[] = { NAN, 2 };
static const double A3[] = { 4, 3, 2, -2, 6, 1, 1, -4, 8 };
static const double S3[] = { 4, 1, 2, 1, 5, 3, 2, 3, 6 };
static const double U3[] = { 2, 0, 0, 1, 3, 0, -1, 2, 4 };
static const double L3[] = { 2, 1, -1, 0, 3, 2, 0, 0, 4 };
static const double B3[] = { 1, 3, 5, 2, 4, 6 };
static const double T[] = { 1, 3, 5, 2, 4, 6 };
static const double W[] = { 1, 4, 2, 5, 3, 6 };
static const double Td[] = { 1, 2, 3, 2, 4, 6 };
static const double Wd[] = { 1, 2, 2, 4, 3, 6 };
static const double G23[] = { 1, 0.5, -2, 4, 3, -1 };
static const double G32[] = { 2, -1, 0, 1, 3, 2 };
static const double g_nn[] = { 4, -3, 1, 10.5 };
static const double g_tn[] = { 5, -1, -1, 14 };
static const double g_nt[] = { 14, -10.5, -10.5, 17.25 };
static const double g_tt[] = { 4, 1, -3, 10.5 };
static const double x_A3[] = { 0.42965779467680604, 0.58174904942965777,
    0.44486692015209134, 0.69961977186311786, 0.64638783269961986,
    0.49429657794676812 };
static const double x_S3[] = { -0.20000000000000004, 0.14285714285714268,
    0.82857142857142874, -4.163336342344337e-17, 0.28571428571428553,
    0.85714285714285732 };
static const double x_U3[] = { 1.0416666666666667, 0.16666666666666666, 1.25,
    1.5833333333333333, 0.33333333333333331, 1.5 };
static const double x_L3[] = { 0.5, 0.83333333333333326, 0.95833333333333337,
    1, 1, 1.25 };
static const double x_A3_s[] = { 0.42965784668922424, 0.58174914121627808,
    0.44486692547798157, 0.69961977005004883, 0.64638781547546387,
    0.49429655075073242 };
static const double x_T[] = { 0.66666666666666663, 0.083333333333333245, -1,
    0.75 };
static const double x_W[] = { -0.055555555555555997, 0.11111111111111112,
    0.27777777777777807, 0.44444444444444448, 0.11111111111111098,
    -0.22222222222222202 };
static const double x_Td[] = { 0.24285714285714274, 0.48571428571428565 };
static const double x_Wd[] = { 0.071428571428571397, 0.14285714285714285,
    0.21428571428571427 };
static const double x_Wd_s[] = { 0.071428567171096802, 0.1428571492433548,
    0.21428574621677399 };
static const double x_sing[] = { 0.20000000000000001, 0.40000000000000002 };
static const double Ns[] = { 1, 3, 2, 6.0000000000000018 };
static const double x_ns[] = { 1501199875790166.8, -750599937895082.75 };
static const double i_A3[] = { 0.19771863117870722, -0.12167300380228138,
    -0.034220532319391643, 0.064638783269961975, 0.11406844106463879,
    -0.030418250950570346, 0.0076045627376425864, 0.07224334600760457,
    0.1140684410646388 };
static const double i_S3[] = { 0.29999999999999999, 1.3877787807814457e-17,
    -0.10000000000000002, 1.3877787807814457e-17, 0.28571428571428564,
    -0.14285714285714285, -0.10000000000000002, -0.14285714285714285,
    0.27142857142857146 };
static const double i_U3[] = { 0.5, 0, 0, -0.16666666666666666,
    0.33333333333333331, 0, 0.20833333333333331, -0.16666666666666666, 0.25 };
static const double i_L3[] = { 0.5, -0.16666666666666666, 0.20833333333333331,
    0, 0.33333333333333331, -0.16666666666666666, 0, 0, 0.25 };
static const double i_A3_s[] = { 0.19771863520145416, -0.12167301774024963,
    -0.034220531582832336, 0.064638786017894745, 0.11406844854354858,
    -0.030418252572417259, 0.007604565005749464, 0.072243355214595795,
    0.11406844109296799 };
static const double i_ns[] = { 4503599627370497, -2251799813685248,
    -1501199875790165.2, 750599937895082.62 };
static const double i_nsu[] = { 1, 0, -1e+20, 1 };
static const double d_A3[] = { 263 };
static const double d_S3[] = { 70 };
static const double d_U3[] = { 24 };
static const double d_A3_s[] = { 263 };
static const double d_perm[] = { 1 };
static const double d_perm2[] = { -1 };
static const double c_S3[] = { 2, 0, 0, 0.5, 2.179449471770337, 0, 1,
    1.1470786693528088, 1.9194297398747862 };
static const double c_S3_s[] = { 2, 0, 0, 0.5, 2.1794495582580566, 0, 1,
    1.1470786333084106, 1.9194297790527344 };
static const double c_nonsym[] = { 2, 0, 0.5, 1.6583123951776999 };
static const double M35[] = { 1, 2, 4, 2, -1, 2, 3, 0, -2, 4, 3, 1, 5, 1, 0 };
static const double M53[] = { 1, 2, 3, 4, 5, 2, -1, 0, 3, 1, 4, 2, -2, 1, 0 };
static const double lu_A3_L[] = { 1, 0.75, 0.5, 0, 1, 0.26666666666666666, 0,
    0, 1 };
static const double lu_A3_U[] = { 4, 0, 0, -2, 7.5, 0, 1, -4.75,
    8.7666666666666657 };
static const double lu_A3_P[] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
static const double lu_35_L[] = { 1, 0.5, 0.25, 0, 1, -0.75, 0, 0, 1 };
static const double lu_35_U[] = { 4, 0, 0, 2, -2, 0, -2, 1, 4.25, 1, 2.5,
    5.625, 0, 1, 5.75 };
static const double lu_35_P[] = { 0, 0, 1, 0, 1, 0, 1, 0, 0 };
static const double lu_53_L[] = { 1, 0.80000000000000004, 0.20000000000000001,
    0.40000000000000002, 0.60000000000000009, 0, 1, 0.81818181818181812,
    -0.63636363636363635, -0.27272727272727276, 0, 0, 1, 0.82857142857142851,
    -0.54285714285714282 };
static const double lu_53_U[] = { 5, 0, 0, 1, 2.2000000000000002, 0, 0, 1,
    3.1818181818181817 };
static const double lu_53_P[] = { 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1,
    0, 1, 0, 0, 0, 1, 0, 0, 0, 0 };
static const double lu_53_Ls[] = { 1, 0.80000001192092896, 0.20000000298023224,
    0.40000000596046448, 0.60000002384185791, 0, 1, 0.81818175315856934,
    -0.63636362552642822, -0.27272728085517883, 0, 0, 1, 0.82857131958007812,
    -0.54285711050033569 };
static const double lu_53_Us[] = { 5, 0, 0, 1, 2.2000000476837158, 0, 0, 1,
    3.1818182468414307 };
static const double qr_53_Q[] = { -0.13483997249264834, -0.26967994498529685,
    -0.40451991747794525, -0.5393598899705937, -0.67419986246324204,
    0.54165057555336005, -0.51835377660482862, -0.29703418659377812,
    0.5649473745018917, -0.17472599211398709, 0.60651353912461825,
    0.67907321657091302, -0.37688350108869662, -0.16688725812647823,
    -0.033292087298888225, -0.53479979209735862, 0.38825645357218663,
    -0.39255555630600741, 0.5775751486330466, -0.27486940813223576,
    -0.18591219715781898, -0.21609854776888496, -0.67230446241164898,
    -0.16876304065425193, 0.66201496850950892 };
static const double qr_53_R[] = { -7.4161984870956639, 0, 0, 0, 0,
    -2.2922795323750229, 3.1217710591032373, 0, 0, 0, -0.8090398349558896,
    2.288910496693231, 4.3710803336912125, 0, 0 };
static const double qr_53e_Q[] = { -0.13483997249264834, -0.26967994498529685,
    -0.40451991747794525, -0.5393598899705937, -0.67419986246324204,
    0.54165057555336005, -0.51835377660482862, -0.29703418659377812,
    0.5649473745018917, -0.17472599211398709, 0.60651353912461825,
    0.67907321657091302, -0.37688350108869662, -0.16688725812647823,
    -0.033292087298888225 };
static const double qr_53e_R[] = { -7.4161984870956639, 0, 0,
    -2.2922795323750229, 3.1217710591032373, 0, -0.8090398349558896,
    2.288910496693231, 4.3710803336912125 };
static const double qr_35_Q[] = { -0.21821789023599236, -0.43643578047198472,
    -0.87287156094396945, 0.66361204960500231, -0.72216605398191458,
    0.19518001458970646, -0.71554175279993271, -0.53665631459994945,
    0.44721359549995804 };
static const double qr_35_R[] = { -4.5825756949558407, 0, 0,
    -1.7457431218879389, 2.4397501823713323, 0, 1.0910894511799618,
    1.6004761196355943, -3.041052449399714, -3.0550504633038926,
    0.68313005106397229, -4.0249223594996213, -1.5275252316519463,
    2.5958941940430971, -4.1143650785996124 };
static const double qr_35e_Q[] = { -0.21821789023599236, -0.43643578047198472,
    -0.87287156094396945, 0.66361204960500231, -0.72216605398191458,
    0.19518001458970646, -0.71554175279993271, -0.53665631459994945,
    0.44721359549995804 };
static const double qr_35e_R[] = { -4.5825756949558407, 0, 0,
    -1.7457431218879389, 2.4397501823713323, 0, 1.0910894511799618,
    1.6004761196355943, -3.041052449399714, -3.0550504633038926,
    0.68313005106397229, -4.0249223594996213, -1.5275252316519463,
    2.5958941940430971, -4.1143650785996124 };
static const double qr_A3_Q[] = { -0.74278135270820767, -0.55708601453115569,
    -0.37139067635410378, 0.60890385147942505, -0.79272388211472311,
    -0.028721879786765332, -0.27840970120038572, -0.24747528995589846,
    0.92803233733461898 };
static const double qr_A3_R[] = { -5.3851648071345037, 0, 0,
    -2.2283440581246223, -6.002872875433952, 0, -1.4855627054164153,
    3.5500243416441943, 8.1357501573001603 };
static const double qr_53_Qs[] = { -0.13484001159667969, -0.26967993378639221,
    -0.40451991558074951, -0.53935986757278442, -0.67419987916946411,
    0.54165041446685791, -0.51835376024246216, -0.29703420400619507,
    0.56494736671447754, -0.17472599446773529, 0.6065136194229126,
    0.67907315492630005, -0.37688365578651428, -0.16688723862171173,
    -0.033292092382907867, -0.53479975461959839, 0.3882564902305603,
    -0.39255550503730774, 0.57757514715194702, -0.27486938238143921,
    -0.18591228127479553, -0.21609853208065033, -0.67230445146560669,
    -0.16876307129859924, 0.66201496124267578 };
static const double qr_53_Rs[] = { -7.41619873046875, 0, 0, 0, 0,
    -2.2922792434692383, 3.1217710971832275, 0, 0, 0, -0.80904006958007812,
    2.288909912109375, 4.3710803985595703, 0, 0 };
static const double e_S3_V[] = { 0.44122469687346427, 0.57735026918962595,
    -0.68701341583377118, 0.81558341928950062, -0.57735026918962562,
    0.038605088352622718, 0.37435872241603585, 0.57735026918962573,
    0.72561850418639418 };
static const double e_S3_w[] = { 2.1943971674224065, 3.386770156607549,
    9.4188326759700409 };
static const double e_S3_ws[] = { 2.1943964958190918, 3.3867702484130859,
    9.4188327789306641 };
static const double E4[] = { 2, -1, 0, 0, -1, 2, -1, 0, 0, -1, 2, -1, 0, 0, -1,
    2 };
static const double e_E4_V[] = { -0.37174803446018451, -0.60150095500754552,
    -0.60150095500754552, -0.37174803446018428, 0.60150095500754541,
    0.37174803446018434, -0.37174803446018456, -0.60150095500754541,
    0.60150095500754552, -0.37174803446018456, -0.37174803446018428,
    0.60150095500754597, -0.37174803446018462, 0.60150095500754586,
    -0.60150095500754552, 0.37174803446018467 };
static const double e_E4_w[] = { 0.3819660112501051, 1.3819660112501053,
    2.6180339887498953, 3.6180339887498945 };
static const double s_M53[] = { 7.9550161941238482, 5.0327367378192864,
    2.5277021737205114 };
static const double s_M35[] = { 7.9550161941238482, 5.0327367378192847,
    2.5277021737205114 };
static const double s_Td[] = { 8.3666002653407574, 7.3201832541172526e-16 };
static const double s_M53_s[] = { 7.9550161361694336, 5.0327363014221191,
    2.5277025699615479 };
static const double p_M53[] = { -0.019138755980861209, 0.071770334928229582,
    0.13875598086124408, 0.1059466848940533, -0.2799531295771896,
    0.15535592227321549, 0.073820915926179079, -0.031930475539498057,
    -0.086222048628063708, 0.01230348598769657, 0.20896396836246448,
    -0.038179865247534382, 0.10731373889268626, -0.050385704521042816,
    -0.0076164437066692965 };
static const double p_M35[] = { -0.019138755980861261, 0.1059466848940533,
    0.073820915926179037, 0.012303485987696514, 0.10731373889268619,
    0.071770334928229707, -0.27995312957718971, -0.031930475539498106,
    0.20896396836246453, -0.050385704521042886, 0.13875598086124405,
    0.15535592227321551, -0.086222048628063708, -0.038179865247534382,
    -0.0076164437066692636 };
static const double p_Td[] = { 0.014285714285714285, 0.028571428571428577,
    0.028571428571428567, 0.057142857142857148, 0.042857142857142844,
    0.085714285714285701 };
static const double p_sing[] = { 0.03999999999999998, 0.07999999999999996,
    0.079999999999999974, 0.15999999999999995 };
static const double p_M35_s[] = { -0.019138749688863754, 0.10594671964645386,
    0.073820926249027252, 0.012303470633924007, 0.10731376707553864,
    0.071770332753658295, -0.27995321154594421, -0.031930487602949142,
    0.2089640200138092, -0.050385754555463791, 0.13875599205493927,
    0.15535594522953033, -0.086222052574157715, -0.038179881870746613,
    -0.007616452407091856 };
static const double p_stol[] = { 1, 0, 0, 0 };
static const double p_dtol[] = { 1, 0, 0, 0 };
static const double x_hns[] = { -4503599627370495, 4503599627370496 };
static const double x_tns[] = { -1e+20, 1 };
static const double x_inf[] = { -0, 2 };
static const double x_nan[] = { NAN, NAN };
static const double d_scal[] = { 1e-100 };
static const double d_nan[] = { NAN };
static const double d_sing[] = { 0 };
static const double i_inf[] = { INFINITY, INFINITY, INFINITY, INFINITY };
static const double i_nan[] = { INFINITY, INFINITY, INFINITY, INFINITY };
static const double x_sing_s[] = { 0.20000001788139343, 0.39999997615814209 };
static const double i_S3_s[] = { 0.29999998211860657, -3.7252902984619141e-09,
    -0.099999986588954926, -3.7252902984619141e-09, 0.28571426868438721,
    -0.14285711944103241, -0.099999986588954926, -0.14285711944103241,
    0.27142855525016785 };
static const double d_S3_s[] = { 70.000015258789062 };
static const double x_S3_s[] = { -0.20000000298023224, 0.14285711944103241,
    0.82857143878936768, 2.2351741790771484e-08, 0.28571429848670959,
    0.85714280605316162 };
static const double e_S3_Vs[] = { 0.4412248432636261, 0.57735031843185425,
    -0.68701320886611938, 0.81558340787887573, -0.57735037803649902,
    0.038605127483606339, 0.3743586540222168, 0.57735013961791992,
    0.72561848163604736 };

static const double sv_53_U[] = { -0.31837975779516436, -0.23907466283038276,
    -0.28420753618322198, -0.6194534100364435, -0.61398793521511164,
    -0.75835523299851093, -0.18099263316186645, 0.55756339587024362,
    -0.070069384574725072, 0.27631928679675849, -0.054382972800690509,
    0.84418203975528894, 0.047497168304743972, -0.49929323841825324,
    0.18124419189812188 };
static const double sv_53_s[] = { 7.9550161941238491, 5.0327367378192847,
    2.5277021737205114 };
static const double sv_53_V[] = { -0.90470023348828388, -0.3607828001914567,
    -0.22661257381764116, 0.32858237379011451, -0.25226964292050363,
    -0.91016133234455465, 0.27120308103098284, -0.89788406731981407,
    0.34677527376173922 };
static const double sv_35_U[] = { -0.90470023348828366, -0.36078280019145664,
    -0.22661257381764111, 0.32858237379011451, -0.25226964292050386,
    -0.91016133234455465, 0.27120308103098301, -0.89788406731981474,
    0.34677527376173928 };
static const double sv_35_s[] = { 7.9550161941238491, 5.0327367378192855,
    2.5277021737205123 };
static const double sv_35_V[] = { -0.31837975779516431, -0.23907466283038267,
    -0.28420753618322175, -0.61945341003644327, -0.61398793521511141,
    -0.75835523299851104, -0.18099263316186673, 0.55756339587024373,
    -0.070069384574725113, 0.27631928679675832, -0.054382972800690745,
    0.84418203975528894, 0.047497168304743966, -0.49929323841825324,
    0.18124419189812194 };
static const double sv_A3_U[] = { 0.19745243452867772, -0.60097882114706402,
    0.77449144128994962, 0.19352111369025143, 0.79839434414124011,
    0.57018948587234097, -0.96102139136170317, 0.037295144133850197,
    0.27394699773724895 };
static const double sv_A3_s[] = { 9.3855495069602828, 6.7636560776035264,
    4.1429961279603544 };
static const double sv_A3_V[] = { 0.057093743616825919, -0.34375039546242758,
    0.93732383414657761, 0.63717705475887887, 0.73532912766041658,
    0.23086029304098921, -0.76859983432773193, 0.58406056161462883,
    0.26101255724157763 };
static const double sv_Td_U[] = { -0.26726124191242445, -0.53452248382484879,
    -0.80178372573727308, 0.94816592127164723, 0.0025650376004977635,
    -0.31776533215754749 };
static const double sv_Td_s[] = { 8.3666002653407556, 7.3201832541172526e-16 };
static const double sv_Td_V[] = { -0.44721359549995782, -0.89442719099991586,
    -0.89442719099991586, 0.44721359549995782 };
static const double sv_53_Us[] = { -0.3183797299861908, -0.23907469213008881,
    -0.2842075526714325, -0.61945337057113647, -0.61398798227310181,
    -0.75835514068603516, -0.18099275231361389, 0.5575634241104126,
    -0.070069313049316406, 0.27631920576095581, -0.054382789880037308,
    0.84418189525604248, 0.047497119754552841, -0.49929314851760864,
    0.18124417960643768 };
static const double sv_53_ss[] = { 7.9550166130065918, 5.0327363014221191,
    2.5277018547058105 };
static const double sv_53_Vs[] = { -0.90470033884048462, -0.36078277230262756,
    -0.22661258280277252, 0.32858237624168396, -0.25226971507072449,
    -0.91016131639480591, 0.27120295166969299, -0.89788401126861572,
    0.34677526354789734 };
static const double sv_35_Us[] = { -0.90470021963119507, -0.36078274250030518,
    -0.22661259770393372, 0.3285822868347168, -0.25226953625679016,
    -0.91016137599945068, 0.27120316028594971, -0.89788419008255005,
    0.34677508473396301 };
static const double sv_35_ss[] = { 7.9550161361694336, 5.0327353477478027,
    2.5277013778686523 };
static const double sv_35_Vs[] = { -0.31837975978851318, -0.23907470703125,
    -0.2842075526714325, -0.61945337057113647, -0.61398798227310181,
    -0.75835508108139038, -0.18099290132522583, 0.55756330490112305,
    -0.07006913423538208, 0.27631926536560059, -0.054382983595132828,
    0.84418195486068726, 0.047497209161520004, -0.49929320812225342,
    0.18124423921108246 };
static const double sv_Td_Us[] = { -0.26726117730140686, -0.53452253341674805,
    -0.80178380012512207, 0.96362417936325073, -0.14824983477592468,
    -0.22237485647201538 };
static const double sv_Td_ss[] = { 8.3666000366210938, 3.9680998042967985e-08 };
static const double sv_Td_Vs[] = { -0.44721364974975586, -0.89442723989486694,
    -0.89442723989486694, 0.44721364974975586 };

static const double zeros[32];
static const double nans[] = { NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN };
static const double infs[] = { INFINITY, INFINITY, INFINITY, INFINITY };
static const double eye3[] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
static const double sing2[] = { 1, 2, 2, 4 };                 /* [1 2; 2 4] */
static const double sing3[] = { 1, 2, 1, 2, 4, 1, 3, 6, 1 };  /* LU-singular */
static const int DTS[2] = { DFG_DOUBLE, DFG_SINGLE };
static const char SING[] = "matrix singular to machine precision";

/* ---- helpers -------------------------------------------------------------- */
static void * pool[512];
static int    npool;

static double get(int dt, const void * p, int64_t i)
{
    return dt == DFG_DOUBLE ? ((const double *) p)[i] : ((const float *) p)[i];
}

/* A buffer of n elements of dt holding x (or v everywhere when x is NULL);
 * freed by free_pool(). */
static void * mk(int dt, const double * x, int64_t n, double v)
{
    void * p = malloc((size_t) (n > 0 ? n : 1) * 8);
    for (int64_t i = 0; i < n; i++) {
        double e = x ? x[i] : v;
        if (dt == DFG_DOUBLE) ((double *) p)[i] = e; else ((float *) p)[i] = (float) e;
    }
    pool[npool++] = p;
    return p;
}
#define IN(dt, x) mk(dt, x, (int64_t) (sizeof(x) / sizeof(x[0])), 0)
#define OUT(dt, n) mk(dt, NULL, n, NAN)

static void free_pool(void)
{
    while (npool > 0)
        free(pool[--npool]);
}

/* Tolerance relative to max(1, |expected|): results computed by the same
 * LAPACK as Octave's agree to rounding; single against a double reference
 * only to single precision. */
static double tol(int dt) { return dt == DFG_DOUBLE ? 1e-12 : 1e-6; }
#define STOL 2e-5

static int near(int dt, const void * got, const double * want, int64_t n,
                double tl, const char * what, int line, int sign_free_cols)
{
    for (int64_t j = 0; j < n / (sign_free_cols ? sign_free_cols : n); j++) {
        int64_t len = sign_free_cols ? sign_free_cols : n;
        double sg = 1, dot = 0;
        for (int64_t i = 0; i < len && sign_free_cols; i++)
            dot += get(dt, got, j * len + i) * want[j * len + i];
        if (dot < 0)
            sg = -1;
        for (int64_t i = j * len; i < (j + 1) * len; i++) {
            double g = sg * get(dt, got, i), w = want[i];
            int ok = (isnan(g) && isnan(w)) || g == w ||
                     fabs(g - w) <= tl * (fabs(w) > 1 ? fabs(w) : 1);
            if (!ok) {
                fprintf(stderr, "line %d: %s[%d] = %.17g, expected %.17g\n",
                        line, what, (int) i, g, w);
                return 0;
            }
        }
    }
    return 1;
}
#define CHECK_ARR(dt, got, want, n, tl) \
    CHECK(near(dt, got, want, n, tl, #want, __LINE__, 0))
/* columns of length len compared up to sign (eigenvectors) */
#define CHECK_COLS(dt, got, want, n, len, tl) \
    CHECK(near(dt, got, want, n, tl, #want, __LINE__, len))

/* The pending warning is w (NULL: none); reading it clears it. */
static int warned(const char * w)
{
    const char * g = dfg_take_warning();
    if (!w || !g)
        return w == g;
    if (strcmp(g, w) != 0)
        fprintf(stderr, "warning \"%s\", expected \"%s\"\n", g, w);
    return strcmp(g, w) == 0;
}

/* ---- gemm ----------------------------------------------------------------- */
static void test_gemm(void)
{
    static const double row[] = { 1, 2, 3 }, col[] = { 4, 5, 6 }, dot[] = { 32 };
    static const double v12[] = { 1, 2 }, mv[] = { 6, 5.5 }, vm[] = { 2, 6, 1 };
    static const double ata[] = { 29, 12, 8, 12, 41, -18, 8, -18, 81 };  /* A3'*A3 */
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t];
        void * a = IN(dt, G23), * b = IN(dt, G32), * c = OUT(dt, 4), * z = OUT(dt, 6);
        CHECK(dfg_cpu_gemm(dt, 0, 0, 1, 2, 2, 3, a, b, c) == DFG_OK);
        CHECK_ARR(dt, c, g_nn, 4, 0);
        CHECK(dfg_cpu_gemm(dt, 1, 0, 1, 2, 2, 3, b, b, c) == DFG_OK);
        CHECK_ARR(dt, c, g_tn, 4, 0);
        CHECK(dfg_cpu_gemm(dt, 0, 1, 1, 2, 2, 3, a, a, c) == DFG_OK);
        CHECK_ARR(dt, c, g_nt, 4, 0);
        CHECK(dfg_cpu_gemm(dt, 1, 1, 1, 2, 2, 3, b, a, c) == DFG_OK);
        CHECK_ARR(dt, c, g_tt, 4, 0);
        CHECK(dfg_cpu_gemm(dt, 0, 0, 1, 1, 1, 3, IN(dt, row), IN(dt, col), c) == DFG_OK);
        CHECK_ARR(dt, c, dot, 1, 0);
        CHECK(dfg_cpu_gemm(dt, 0, 0, 1, 2, 1, 3, a, IN(dt, row), c) == DFG_OK);   /* gemv */
        CHECK_ARR(dt, c, mv, 2, 0);
        CHECK(dfg_cpu_gemm(dt, 0, 0, 1, 1, 3, 2, IN(dt, v12), a, c) == DFG_OK);   /* gemv */
        CHECK_ARR(dt, c, vm, 3, 0);
        CHECK(dfg_cpu_gemm(dt, 1, 0, 1, 3, 1, 2, a, IN(dt, v12), c) == DFG_OK);   /* G23'*v */
        CHECK_ARR(dt, c, vm, 3, 0);
        /* A'*A from one buffer (xSYRK) is exactly symmetric */
        void * s = OUT(dt, 9);
        CHECK(dfg_cpu_gemm(dt, 1, 0, 1, 3, 3, 3, IN(dt, A3), IN(dt, A3), s) == DFG_OK);
        void * a3 = IN(dt, A3), * s2 = OUT(dt, 9);
        CHECK(dfg_cpu_gemm(dt, 1, 0, 1, 3, 3, 3, a3, a3, s2) == DFG_OK);
        CHECK_ARR(dt, s2, ata, 9, 0);
        CHECK_ARR(dt, s, ata, 9, 0);
        CHECK(get(dt, s2, 1) == get(dt, s2, 3) && get(dt, s2, 2) == get(dt, s2, 6) &&
              get(dt, s2, 5) == get(dt, s2, 7));
        /* k == 0: zeros, operands never read; m or n == 0: nothing */
        CHECK(dfg_cpu_gemm(dt, 0, 0, 1, 2, 3, 0, NULL, NULL, z) == DFG_OK);
        CHECK_ARR(dt, z, zeros, 6, 0);
        CHECK(dfg_cpu_gemm(dt, 0, 0, 1, 0, 3, 2, NULL, NULL, NULL) == DFG_OK);
        CHECK(dfg_cpu_gemm(dt, 1, 1, 1, 3, 0, 2, NULL, NULL, NULL) == DFG_OK);
    }
    free_pool();
}

/* ---- mldivide ------------------------------------------------------------- */
static void test_mldivide(void)
{
    static const double bT[] = { 1, 2, 4, 0, 1, -1 }, bW[] = { 1, 2, 0, 1 };
    static const double b3[] = { 1, 2, 4 }, b2[] = { 1, 2 }, b11[] = { 1, 1 };
    static const double hns[] = { 1, 1, 1, 1 + DBL_EPSILON }, tns[] = { 1, 0, 1e20, 1 };
    static const double ainf[] = { INFINITY, 1, 1, 1 }, anan[] = { NAN, 1, 1, 1 };
    static const double winf[] = { INFINITY, 1, 1, 1, 2, 1 }, wnan[] = { NAN, 1, 1, 1, 2, 1 };
    static const double s0[] = { 0 }, s1[] = { 1 }, s5[] = { 5 }, b1020[] = { 10, 20 };
    static const double r24[] = { 2, 4 }, rinf[] = { INFINITY }, rnan[] = { NAN };
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        void * x = OUT(dt, 6), * b = IN(dt, B3);
        dfg_take_warning();
        /* square: LU (full), Cholesky (S3), triangular; no warning */
        CHECK(dfg_cpu_mldivide(dt, 3, 3, 2, IN(dt, A3), b, x) == DFG_OK);
        CHECK_ARR(dt, x, d ? x_A3 : x_A3_s, 6, tol(dt));
        CHECK(dfg_cpu_mldivide(dt, 3, 3, 2, IN(dt, S3), b, x) == DFG_OK);
        CHECK_ARR(dt, x, d ? x_S3 : x_S3_s, 6, tol(dt));
        CHECK(dfg_cpu_mldivide(dt, 3, 3, 2, IN(dt, U3), b, x) == DFG_OK);
        CHECK_ARR(dt, x, x_U3, 6, tol(dt));
        CHECK(dfg_cpu_mldivide(dt, 3, 3, 2, IN(dt, L3), b, x) == DFG_OK);
        CHECK_ARR(dt, x, x_L3, 6, tol(dt));
        CHECK(warned(NULL));
        /* tall, wide, rank deficient: xGELSD, no warning */
        CHECK(dfg_cpu_mldivide(dt, 3, 2, 2, IN(dt, T), IN(dt, bT), x) == DFG_OK);
        CHECK_ARR(dt, x, x_T, 4, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_mldivide(dt, 2, 3, 2, IN(dt, W), IN(dt, bW), x) == DFG_OK);
        CHECK_ARR(dt, x, x_W, 6, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_mldivide(dt, 2, 3, 1, IN(dt, Wd), IN(dt, b2), x) == DFG_OK);
        CHECK_ARR(dt, x, d ? x_Wd : x_Wd_s, 3, tol(dt));
        if (d) {
            CHECK(dfg_cpu_mldivide(dt, 3, 2, 1, IN(dt, Td), IN(dt, b3), x) == DFG_OK);
            CHECK_ARR(dt, x, x_Td, 2, tol(dt));
        }
        CHECK(warned(NULL));
        /* exactly singular: warning, then Octave's least-squares fallback */
        CHECK(dfg_cpu_mldivide(dt, 2, 2, 1, IN(dt, sing2), IN(dt, b2), x) == DFG_OK);
        CHECK_ARR(dt, x, d ? x_sing : x_sing_s, 2, tol(dt));
        CHECK(warned(SING));
        CHECK(dfg_cpu_mldivide(dt, 2, 2, 1, IN(dt, zeros), IN(dt, b2), x) == DFG_OK);
        CHECK_ARR(dt, x, zeros, 2, 0);
        CHECK(warned(SING));
        /* Inf: Cholesky then LU, both warn, LU result kept ([-0; 2]) */
        CHECK(dfg_cpu_mldivide(dt, 2, 2, 1, IN(dt, ainf), IN(dt, b2), x) == DFG_OK);
        CHECK_ARR(dt, x, x_inf, 2, 0);
        CHECK(signbit(get(dt, x, 0)));
        CHECK(warned(SING));
        CHECK(dfg_cpu_mldivide(dt, 2, 2, 1, IN(dt, anan), IN(dt, b2), x) == DFG_OK);
        CHECK_ARR(dt, x, d ? x_nan : x_nan_s, 2, 0);
        CHECK(warned(SING));
        /* non-square with Inf / NaN: zeros / NaN, as Octave's lssolve */
        CHECK(dfg_cpu_mldivide(dt, 2, 3, 1, IN(dt, winf), IN(dt, b2), x) == DFG_OK);
        CHECK_ARR(dt, x, zeros, 3, 0);
        CHECK(dfg_cpu_mldivide(dt, 2, 3, 1, IN(dt, wnan), IN(dt, b2), x) == DFG_OK);
        CHECK_ARR(dt, x, nans, 3, 0);
        /* 1x1: elementwise division, never a warning */
        CHECK(dfg_cpu_mldivide(dt, 1, 1, 1, IN(dt, s0), IN(dt, s1), x) == DFG_OK);
        CHECK_ARR(dt, x, rinf, 1, 0);
        CHECK(dfg_cpu_mldivide(dt, 1, 1, 1, IN(dt, s0), IN(dt, s0), x) == DFG_OK);
        CHECK_ARR(dt, x, rnan, 1, 0);
        CHECK(dfg_cpu_mldivide(dt, 1, 1, 2, IN(dt, s5), IN(dt, b1020), x) == DFG_OK);
        CHECK_ARR(dt, x, r24, 2, 0);
        CHECK(warned(NULL));
        /* empty: 0x0 \ 0x3 and 2x0 \ 2x1 write nothing; 0x2 \ 0x1 = zeros(2, 1) */
        CHECK(dfg_cpu_mldivide(dt, 0, 0, 3, NULL, NULL, NULL) == DFG_OK);
        CHECK(dfg_cpu_mldivide(dt, 2, 0, 1, NULL, IN(dt, b2), NULL) == DFG_OK);
        CHECK(dfg_cpu_mldivide(dt, 0, 2, 1, NULL, NULL, x) == DFG_OK);
        CHECK_ARR(dt, x, zeros, 2, 0);
        CHECK(warned(NULL));
    }
    /* nearly singular (double only: the matrices are exactly singular in
     * single): the plain solve, with Octave's rcond warning */
    void * x = OUT(DFG_DOUBLE, 2);
    CHECK(dfg_cpu_mldivide(DFG_DOUBLE, 2, 2, 1, IN(DFG_DOUBLE, Ns), IN(DFG_DOUBLE, b2), x) == DFG_OK);
    CHECK_ARR(DFG_DOUBLE, x, x_ns, 2, 1e-12);
    CHECK(warned("matrix singular to machine precision, rcond = 1.85037e-17"));
    CHECK(dfg_cpu_mldivide(DFG_DOUBLE, 2, 2, 1, IN(DFG_DOUBLE, hns), IN(DFG_DOUBLE, b2), x) == DFG_OK);
    CHECK_ARR(DFG_DOUBLE, x, x_hns, 2, 1e-12);
    CHECK(warned("matrix singular to machine precision, rcond = 5.55112e-17"));
    CHECK(dfg_cpu_mldivide(DFG_DOUBLE, 2, 2, 1, IN(DFG_DOUBLE, tns), IN(DFG_DOUBLE, b11), x) == DFG_OK);
    CHECK_ARR(DFG_DOUBLE, x, x_tns, 2, 1e-12);
    CHECK(warned("matrix singular to machine precision, rcond = 1e-40"));
    free_pool();
}

/* ---- inv ------------------------------------------------------------------ */
static void test_inv(void)
{
    static const double ainf[] = { INFINITY, 1, 1, 1 }, anan[] = { NAN, 1, 1, 1 };
    static const double nsu[] = { 1, 0, 1e20, 1 };
    static const double s0[] = { 0 }, s4[] = { 4 }, q[] = { 0.25 };
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        void * y = OUT(dt, 9);
        dfg_take_warning();
        CHECK(dfg_cpu_inv(dt, 3, IN(dt, A3), y) == DFG_OK);
        CHECK_ARR(dt, y, d ? i_A3 : i_A3_s, 9, tol(dt));
        CHECK(dfg_cpu_inv(dt, 3, IN(dt, S3), y) == DFG_OK);
        CHECK_ARR(dt, y, d ? i_S3 : i_S3_s, 9, tol(dt));
        CHECK(dfg_cpu_inv(dt, 3, IN(dt, U3), y) == DFG_OK);
        CHECK_ARR(dt, y, i_U3, 9, tol(dt));
        CHECK(dfg_cpu_inv(dt, 3, IN(dt, L3), y) == DFG_OK);
        CHECK_ARR(dt, y, i_L3, 9, tol(dt));
        CHECK(warned(NULL));
        /* singular: all Inf and a warning */
        CHECK(dfg_cpu_inv(dt, 2, IN(dt, sing2), y) == DFG_OK);
        CHECK_ARR(dt, y, infs, 4, 0);
        CHECK(warned(SING));
        CHECK(dfg_cpu_inv(dt, 2, IN(dt, zeros), y) == DFG_OK);
        CHECK_ARR(dt, y, infs, 4, 0);
        CHECK(warned(SING));
        CHECK(dfg_cpu_inv(dt, 2, IN(dt, ainf), y) == DFG_OK);
        CHECK_ARR(dt, y, i_inf, 4, 0);
        CHECK(warned(SING));
        CHECK(dfg_cpu_inv(dt, 2, IN(dt, anan), y) == DFG_OK);
        CHECK_ARR(dt, y, i_nan, 4, 0);
        CHECK(warned(SING));
        /* scalars never warn; empty is fine */
        CHECK(dfg_cpu_inv(dt, 1, IN(dt, s0), y) == DFG_OK);
        CHECK_ARR(dt, y, infs, 1, 0);
        CHECK(dfg_cpu_inv(dt, 1, IN(dt, s4), y) == DFG_OK);
        CHECK_ARR(dt, y, q, 1, 0);
        CHECK(dfg_cpu_inv(dt, 0, NULL, NULL) == DFG_OK);
        CHECK(warned(NULL));
    }
    void * y = OUT(DFG_DOUBLE, 4);
    CHECK(dfg_cpu_inv(DFG_DOUBLE, 2, IN(DFG_DOUBLE, Ns), y) == DFG_OK);
    CHECK_ARR(DFG_DOUBLE, y, i_ns, 4, 1e-12);
    CHECK(warned("matrix singular to machine precision, rcond = 1.85037e-17"));
    CHECK(dfg_cpu_inv(DFG_DOUBLE, 2, IN(DFG_DOUBLE, nsu), y) == DFG_OK);
    CHECK_ARR(DFG_DOUBLE, y, i_nsu, 4, 1e-12);
    CHECK(warned("matrix singular to machine precision, rcond = 1e-40"));
    free_pool();
}

/* ---- det ------------------------------------------------------------------ */
static void test_det(void)
{
    static const double perm[] = { 0, 0, 1, 1, 0, 0, 0, 1, 0 }, perm2[] = { 0, 1, 1, 0 };
    static const double scal[] = { 0, 1e-200, 0, 0, 0, 1e-200, 1e300, 0, 0 };
    static const double anan[] = { NAN, 1, 1, 1 }, s0[] = { 0 }, sm3[] = { -3 };
    static const double one[] = { 1 }, d263[] = { 263 };
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        void * o = OUT(dt, 1);
        CHECK(dfg_cpu_det(dt, 3, IN(dt, A3), o) == DFG_OK);
        CHECK_ARR(dt, o, d ? d_A3 : d_A3_s, 1, tol(dt));
        CHECK_ARR(dt, o, d263, 1, tol(dt));
        CHECK(dfg_cpu_det(dt, 3, IN(dt, S3), o) == DFG_OK);
        CHECK_ARR(dt, o, d ? d_S3 : d_S3_s, 1, tol(dt));
        CHECK(dfg_cpu_det(dt, 3, IN(dt, U3), o) == DFG_OK);
        CHECK_ARR(dt, o, d_U3, 1, 0);
        CHECK(dfg_cpu_det(dt, 3, IN(dt, perm), o) == DFG_OK);
        CHECK_ARR(dt, o, d_perm, 1, 0);
        CHECK(dfg_cpu_det(dt, 2, IN(dt, perm2), o) == DFG_OK);
        CHECK_ARR(dt, o, d_perm2, 1, 0);
        CHECK(dfg_cpu_det(dt, 2, IN(dt, sing2), o) == DFG_OK);
        CHECK_ARR(dt, o, d_sing, 1, 0);
        CHECK(dfg_cpu_det(dt, 2, IN(dt, anan), o) == DFG_OK);
        CHECK_ARR(dt, o, d_nan, 1, 0);
        CHECK(dfg_cpu_det(dt, 0, NULL, o) == DFG_OK);
        CHECK_ARR(dt, o, one, 1, 0);
        CHECK(dfg_cpu_det(dt, 1, IN(dt, s0), o) == DFG_OK);
        CHECK_ARR(dt, o, zeros, 1, 0);
        CHECK(dfg_cpu_det(dt, 1, IN(dt, sm3), o) == DFG_OK);
        CHECK_ARR(dt, o, sm3, 1, 0);
    }
    /* products that underflow or overflow on the way are kept in range */
    void * o = OUT(DFG_DOUBLE, 1);
    CHECK(dfg_cpu_det(DFG_DOUBLE, 3, IN(DFG_DOUBLE, scal), o) == DFG_OK);
    CHECK_ARR(DFG_DOUBLE, o, d_scal, 1, 1e-14);
    free_pool();
}

/* ---- chol ----------------------------------------------------------------- */
static void test_chol(void)
{
    static const double nonsym[] = { 4, 100, 1, 3 }, indef[] = { 1, 2, 2, 1 };
    static const double s4[] = { 4 }, two[] = { 2 };
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        void * r = OUT(dt, 9);
        CHECK(dfg_cpu_chol(dt, 3, IN(dt, S3), r) == DFG_OK);
        CHECK_ARR(dt, r, d ? c_S3 : c_S3_s, 9, tol(dt));
        CHECK(dfg_cpu_chol(dt, 2, IN(dt, nonsym), r) == DFG_OK);   /* upper read */
        CHECK_ARR(dt, r, c_nonsym, 4, tol(dt));
        CHECK(dfg_cpu_chol(dt, 1, IN(dt, s4), r) == DFG_OK);
        CHECK_ARR(dt, r, two, 1, 0);
        CHECK(dfg_cpu_chol(dt, 0, NULL, NULL) == DFG_OK);
        CHECK(dfg_cpu_chol(dt, 2, IN(dt, indef), r) == DFG_ERR_DOMAIN);
        CHECK(strcmp(dfg_last_error(), "chol: input matrix must be positive definite") == 0);
        CHECK(dfg_cpu_chol(dt, 2, IN(dt, zeros), r) == DFG_ERR_DOMAIN);
    }
    free_pool();
}

/* ---- lu ------------------------------------------------------------------- */
static void test_lu(void)
{
    static const double sl[] = { 1, 0.5, 0, 1 }, su[] = { 2, 0, 4, 0 }, sp[] = { 0, 1, 1, 0 };
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        void * l = OUT(dt, 25), * u = OUT(dt, 25), * p = OUT(dt, 25);
        CHECK(dfg_cpu_lu(dt, 3, 3, IN(dt, A3), l, u, p, 0) == DFG_OK);
        CHECK_ARR(dt, l, lu_A3_L, 9, tol(dt));
        CHECK_ARR(dt, u, lu_A3_U, 9, tol(dt));
        CHECK_ARR(dt, p, lu_A3_P, 9, 0);
        CHECK(dfg_cpu_lu(dt, 3, 5, IN(dt, M35), l, u, p, 0) == DFG_OK);
        CHECK_ARR(dt, l, lu_35_L, 9, tol(dt));
        CHECK_ARR(dt, u, lu_35_U, 15, tol(dt));
        CHECK_ARR(dt, p, lu_35_P, 9, 0);
        CHECK(dfg_cpu_lu(dt, 5, 3, IN(dt, M53), l, u, p, 0) == DFG_OK);
        CHECK_ARR(dt, l, d ? lu_53_L : lu_53_Ls, 15, tol(dt));
        CHECK_ARR(dt, u, d ? lu_53_U : lu_53_Us, 9, tol(dt));
        CHECK_ARR(dt, p, lu_53_P, 25, 0);
        CHECK(dfg_cpu_lu(dt, 2, 2, IN(dt, sing2), l, u, p, 0) == DFG_OK);  /* no error */
        CHECK_ARR(dt, l, sl, 4, 0);
        CHECK_ARR(dt, u, su, 4, 0);
        CHECK_ARR(dt, p, sp, 4, 0);
        CHECK(warned(NULL));
        /* empty: the shapes of cpu.h, P = eye(3) for a 3x0 A (Octave returns
         * L, U and P all 0x0; shape inference's business) */
        CHECK(dfg_cpu_lu(dt, 0, 3, NULL, NULL, NULL, NULL, 0) == DFG_OK);
        CHECK(dfg_cpu_lu(dt, 3, 0, NULL, NULL, NULL, p, 0) == DFG_OK);
        CHECK_ARR(dt, p, eye3, 9, 0);
    }
    free_pool();
}

/* ---- qr ------------------------------------------------------------------- */
static void test_qr(void)
{
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        void * q = OUT(dt, 25), * r = OUT(dt, 25), * m53 = IN(dt, M53), * m35 = IN(dt, M35);
        CHECK(dfg_cpu_qr(dt, 0, 5, 3, m53, q, r) == DFG_OK);
        CHECK_ARR(dt, q, d ? qr_53_Q : qr_53_Qs, 25, tol(dt));
        CHECK_ARR(dt, r, d ? qr_53_R : qr_53_Rs, 15, tol(dt));
        CHECK(dfg_cpu_qr(dt, 1, 5, 3, m53, q, r) == DFG_OK);
        CHECK_ARR(dt, q, qr_53e_Q, 15, d ? tol(dt) : STOL);
        CHECK_ARR(dt, r, qr_53e_R, 9, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_qr(dt, 0, 3, 5, m35, q, r) == DFG_OK);
        CHECK_ARR(dt, q, qr_35_Q, 9, d ? tol(dt) : STOL);
        CHECK_ARR(dt, r, qr_35_R, 15, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_qr(dt, 1, 3, 5, m35, q, r) == DFG_OK);
        CHECK_ARR(dt, q, qr_35e_Q, 9, d ? tol(dt) : STOL);
        CHECK_ARR(dt, r, qr_35e_R, 15, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_qr(dt, 0, 3, 3, IN(dt, A3), q, r) == DFG_OK);
        CHECK_ARR(dt, q, qr_A3_Q, 9, d ? tol(dt) : STOL);
        CHECK_ARR(dt, r, qr_A3_R, 9, d ? tol(dt) : STOL);
        /* empty: qr(zeros(3, 0)) has Q = eye(3), R 3x0; economy Q 3x0 */
        CHECK(dfg_cpu_qr(dt, 0, 3, 0, NULL, q, NULL) == DFG_OK);
        CHECK_ARR(dt, q, eye3, 9, 0);
        CHECK(dfg_cpu_qr(dt, 1, 3, 0, NULL, NULL, NULL) == DFG_OK);
        CHECK(dfg_cpu_qr(dt, 0, 0, 3, NULL, NULL, NULL) == DFG_OK);
        CHECK(dfg_cpu_qr(dt, 1, 0, 3, NULL, NULL, NULL) == DFG_OK);
    }
    free_pool();
}

/* ---- eig ------------------------------------------------------------------ */
static void test_eig(void)
{
    static const double anan[] = { NAN, 1, 1, 1 }, ainf[] = { 1, 1, 1, INFINITY };
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        void * w = OUT(dt, 4), * v = OUT(dt, 16);
        CHECK(dfg_cpu_eig_sym(dt, 3, IN(dt, S3), w, v) == DFG_OK);
        CHECK_ARR(dt, w, d ? e_S3_w : e_S3_ws, 3, tol(dt));
        CHECK_COLS(dt, v, d ? e_S3_V : e_S3_Vs, 9, 3, tol(dt));
        CHECK(dfg_cpu_eig_sym(dt, 3, IN(dt, S3), w, NULL) == DFG_OK);
        CHECK_ARR(dt, w, d ? e_S3_w : e_S3_ws, 3, tol(dt));
        CHECK(dfg_cpu_eig_sym(dt, 4, IN(dt, E4), w, v) == DFG_OK);
        CHECK_ARR(dt, w, e_E4_w, 4, d ? tol(dt) : STOL);
        CHECK_COLS(dt, v, e_E4_V, 16, 4, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_eig_sym(dt, 0, NULL, NULL, NULL) == DFG_OK);
        CHECK(dfg_cpu_eig_sym(dt, 2, IN(dt, anan), w, v) == DFG_ERR_ARG);
        CHECK(strcmp(dfg_last_error(), "EIG: matrix contains Inf or NaN values") == 0);
        CHECK(dfg_cpu_eig_sym(dt, 2, IN(dt, ainf), w, NULL) == DFG_ERR_ARG);
    }
    free_pool();
}

/* ---- svd, pinv ------------------------------------------------------------ */
static void test_svd(void)
{
    static const double anan[] = { 1, NAN, 1, 1 };
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        void * s = OUT(dt, 3);
        CHECK(dfg_cpu_svd_values(dt, 5, 3, IN(dt, M53), s) == DFG_OK);
        CHECK_ARR(dt, s, d ? s_M53 : s_M53_s, 3, tol(dt));
        CHECK(dfg_cpu_svd_values(dt, 3, 5, IN(dt, M35), s) == DFG_OK);
        CHECK_ARR(dt, s, s_M35, 3, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_svd_values(dt, 3, 2, IN(dt, Td), s) == DFG_OK);
        CHECK_ARR(dt, s, s_Td, 2, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_svd_values(dt, 0, 3, NULL, NULL) == DFG_OK);
        CHECK(dfg_cpu_svd_values(dt, 3, 0, NULL, NULL) == DFG_OK);
        CHECK(dfg_cpu_svd_values(dt, 2, 2, IN(dt, anan), s) == DFG_ERR_ARG);
        CHECK(strcmp(dfg_last_error(), "svd: cannot take SVD of matrix "
                     "containing Inf or NaN values") == 0);
    }
    free_pool();
}

/* [U, S, V] = svd (A, "econ"): values, reconstruction, orthonormality */
static double max_recon_err(int dt, int64_t m, int64_t n, const double * a,
                            const void * u, const void * s, const void * v)
{
    int64_t k = m < n ? m : n;
    double err = 0;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double r = 0;
            for (int64_t l = 0; l < k; l++)
                r += get(dt, u, i + m * l) * get(dt, s, l) * get(dt, v, j + n * l);
            double e = fabs(r - a[i + m * j]);
            err = e > err ? e : err;
        }
    return err;
}

/* max |Q'Q - I| for the rows x cols matrix q */
static double max_orth_err(int dt, int64_t rows, int64_t cols, const void * q)
{
    double err = 0;
    for (int64_t i = 0; i < cols; i++)
        for (int64_t j = 0; j < cols; j++) {
            double d = 0;
            for (int64_t l = 0; l < rows; l++)
                d += get(dt, q, l + rows * i) * get(dt, q, l + rows * j);
            double e = fabs(d - (i == j));
            err = e > err ? e : err;
        }
    return err;
}

static void test_svd_vectors(void)
{
    static const double anan[] = { 1, 2, NAN, 4, 5, 6 }, ainf[] = { 1, -INFINITY };
    static const double mzero[] = { -0.0 };
    /* rank: how many columns of U and V are compared with Octave's; those
     * of a zero singular value (Td is rank 1) are determined by rounding
     * alone and differ with the BLAS kernels in use (e.g. under valgrind) */
    static const struct {
        int64_t m, n, rank; const double * a;
        const double * u, * s, * v;        /* double */
        const double * us, * ss, * vs;     /* single (NULL: no reference) */
    } cases[] = {
        { 5, 3, 3, M53, sv_53_U, sv_53_s, sv_53_V, sv_53_Us, sv_53_ss, sv_53_Vs },
        { 3, 5, 3, M35, sv_35_U, sv_35_s, sv_35_V, sv_35_Us, sv_35_ss, sv_35_Vs },
        { 3, 3, 3, A3, sv_A3_U, sv_A3_s, sv_A3_V, NULL, NULL, NULL },
        { 3, 2, 1, Td, sv_Td_U, sv_Td_s, sv_Td_V, sv_Td_Us, sv_Td_ss, sv_Td_Vs },
    };
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        double rtol = d ? 1e-13 : 1e-5, otol = d ? 1e-14 : 1e-6;
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            int64_t m = cases[c].m, n = cases[c].n, k = m < n ? m : n, r = cases[c].rank;
            void * a = mk(dt, cases[c].a, m * n, 0), * a0 = mk(dt, cases[c].a, m * n, 0);
            void * u = OUT(dt, m * k), * s = OUT(dt, k), * v = OUT(dt, n * k);
            CHECK(dfg_cpu_svd(dt, m, n, a, u, s, v) == DFG_OK);
            CHECK(memcmp(a, a0, (size_t) (m * n) * (d ? 8 : 4)) == 0);
            if (d || cases[c].us) {
                CHECK_ARR(dt, u, d ? cases[c].u : cases[c].us, m * r, tol(dt));
                CHECK_ARR(dt, s, d ? cases[c].s : cases[c].ss, k, tol(dt));
                CHECK_ARR(dt, v, d ? cases[c].v : cases[c].vs, n * r, tol(dt));
            }
            /* the singular values also agree with svd_values (to rounding:
             * xGESVD with and without vectors) and are descending */
            void * sv = OUT(dt, k);
            CHECK(dfg_cpu_svd_values(dt, m, n, a, sv) == DFG_OK);
            for (int64_t i = 0; i < k; i++) {
                CHECK_NEAR(get(dt, s, i), get(dt, sv, i), d ? 1e-13 : 1e-5);
                CHECK(i == 0 || get(dt, s, i) <= get(dt, s, i - 1));
            }
            double scale = get(dt, s, 0);
            CHECK(max_recon_err(dt, m, n, cases[c].a, u, s, v) <= rtol * scale);
            CHECK(max_orth_err(dt, m, k, u) <= otol * 10);
            CHECK(max_orth_err(dt, n, k, v) <= otol * 10);
        }
        /* random-ish larger shapes: tall, wide, square, rank-deficient */
        static const int64_t shapes[][3] = { { 40, 7, 7 }, { 6, 33, 6 },
                                             { 25, 25, 25 }, { 30, 20, 4 },
                                             { 1, 9, 1 }, { 9, 1, 1 } };
        for (size_t c = 0; c < sizeof shapes / sizeof shapes[0]; c++) {
            int64_t m = shapes[c][0], n = shapes[c][1], r = shapes[c][2];
            int64_t k = m < n ? m : n;
            double * ad = malloc((size_t) (m * n) * sizeof(double));
            for (int64_t i = 0; i < m; i++)        /* rank r: sum of r outer products */
                for (int64_t j = 0; j < n; j++) {
                    double e = 0;
                    for (int64_t l = 0; l < r; l++)
                        e += sin(1.3 * (double) (i + 1) * (double) (l + 1) + 0.7 * (double) l) *
                             cos(0.9 * (double) (j + 2) * (double) (l + 1));
                    ad[i + m * j] = d ? e : (double) (float) e;
                }
            void * a = mk(dt, ad, m * n, 0);
            void * u = OUT(dt, m * k), * s = OUT(dt, k), * v = OUT(dt, n * k);
            CHECK(dfg_cpu_svd(dt, m, n, a, u, s, v) == DFG_OK);
            double scale = get(dt, s, 0);
            CHECK(max_recon_err(dt, m, n, ad, u, s, v) <= rtol * 10 * scale);
            CHECK(max_orth_err(dt, m, k, u) <= otol * 100);
            CHECK(max_orth_err(dt, n, k, v) <= otol * 100);
            for (int64_t i = r; i < k; i++)        /* the zero part of the spectrum */
                CHECK(get(dt, s, i) <= (d ? 1e-13 : 1e-5) * scale);
            free(ad);
        }
        /* empty: U is m x 0, V n x 0, nothing written */
        double sentinel[1] = { 42 };
        CHECK(dfg_cpu_svd(dt, 0, 3, NULL, sentinel, sentinel, sentinel) == DFG_OK);
        CHECK(dfg_cpu_svd(dt, 3, 0, NULL, sentinel, sentinel, sentinel) == DFG_OK);
        CHECK(sentinel[0] == 42);
        /* 1x1 -0: U = V = 1, S = +0 (Octave's bug #55710 fix) */
        void * u = OUT(dt, 1), * s = OUT(dt, 1), * v = OUT(dt, 1);
        CHECK(dfg_cpu_svd(dt, 1, 1, IN(dt, mzero), u, s, v) == DFG_OK);
        CHECK(get(dt, s, 0) == 0 && !signbit(get(dt, s, 0)));
        CHECK(get(dt, u, 0) == 1 && get(dt, v, 0) == 1);
        CHECK(dfg_cpu_svd_values(dt, 1, 1, IN(dt, mzero), s) == DFG_OK);
        CHECK(get(dt, s, 0) == 0 && !signbit(get(dt, s, 0)));
        /* Inf or NaN: Octave's error */
        void * o = OUT(dt, 6);
        CHECK(dfg_cpu_svd(dt, 2, 3, IN(dt, anan), o, o, o) == DFG_ERR_ARG);
        CHECK(strcmp(dfg_last_error(), "svd: cannot take SVD of matrix "
                     "containing Inf or NaN values") == 0);
        CHECK(dfg_cpu_svd(dt, 1, 2, IN(dt, ainf), o, o, o) == DFG_ERR_ARG);
    }
    free_pool();
}

static void test_pinv(void)
{
    static const double tiny[] = { 1e-320 }, s5[] = { 5 }, r5[] = { 0.2 };
    static const double stol[] = { 1, 0, 0, 1e-7 }, dtol[] = { 1, 0, 0, 1e-17 };
    static const double anan[] = { 1, 2, NAN, 4, 5, 6 }, ainf[] = { 1, 2, 3, INFINITY };
    for (int t = 0; t < 2; t++) {
        int dt = DTS[t], d = dt == DFG_DOUBLE;
        void * o = OUT(dt, 15);
        CHECK(dfg_cpu_pinv(dt, 5, 3, IN(dt, M53), o) == DFG_OK);
        CHECK_ARR(dt, o, p_M53, 15, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_pinv(dt, 3, 5, IN(dt, M35), o) == DFG_OK);
        CHECK_ARR(dt, o, d ? p_M35 : p_M35_s, 15, tol(dt));
        CHECK(dfg_cpu_pinv(dt, 3, 2, IN(dt, Td), o) == DFG_OK);  /* rank 1 */
        CHECK_ARR(dt, o, p_Td, 6, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_pinv(dt, 2, 2, IN(dt, sing2), o) == DFG_OK);
        CHECK_ARR(dt, o, p_sing, 4, d ? tol(dt) : STOL);
        CHECK(dfg_cpu_pinv(dt, 1, 1, IN(dt, s5), o) == DFG_OK);
        CHECK_ARR(dt, o, r5, 1, tol(dt));
        CHECK(dfg_cpu_pinv(dt, 2, 3, IN(dt, zeros), o) == DFG_OK);
        CHECK_ARR(dt, o, zeros, 6, 0);
        CHECK(dfg_cpu_pinv(dt, 2, 3, IN(dt, anan), o) == DFG_OK);   /* Octave: NaN */
        CHECK_ARR(dt, o, nans, 6, 0);
        CHECK(dfg_cpu_pinv(dt, 2, 2, IN(dt, ainf), o) == DFG_OK);
        CHECK_ARR(dt, o, nans, 4, 0);
        CHECK(dfg_cpu_pinv(dt, 0, 3, NULL, NULL) == DFG_OK);
        CHECK(dfg_cpu_pinv(dt, 3, 0, NULL, NULL) == DFG_OK);
    }
    /* the tolerance max(m, n) * sigma_max * eps(class); 0 -> realmin */
    void * o = OUT(DFG_SINGLE, 4), * od = OUT(DFG_DOUBLE, 4);
    CHECK(dfg_cpu_pinv(DFG_SINGLE, 2, 2, IN(DFG_SINGLE, stol), o) == DFG_OK);
    CHECK_ARR(DFG_SINGLE, o, p_stol, 4, 0);
    CHECK(dfg_cpu_pinv(DFG_DOUBLE, 2, 2, IN(DFG_DOUBLE, dtol), od) == DFG_OK);
    CHECK_ARR(DFG_DOUBLE, od, p_dtol, 4, 0);
    CHECK(dfg_cpu_pinv(DFG_DOUBLE, 1, 1, IN(DFG_DOUBLE, tiny), od) == DFG_OK);
    CHECK_ARR(DFG_DOUBLE, od, zeros, 1, 0);
    free_pool();
}

/* ---- argument errors ------------------------------------------------------ */
static void test_args(void)
{
    int64_t big = (int64_t) INT_MAX + 1;
    CHECK(dfg_cpu_gemm(DFG_LOGICAL, 0, 0, 1, 1, 1, 1, NULL, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_gemm(DFG_DOUBLE, 0, 0, 1, -1, 1, 1, NULL, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_gemm(DFG_DOUBLE, 0, 0, 1, 1, 1, big, NULL, NULL, NULL) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "LAPACK integer range") != NULL);
    CHECK(dfg_cpu_mldivide(DFG_LOGICAL, 1, 1, 1, NULL, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_mldivide(DFG_SINGLE, 2, -2, 1, NULL, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_mldivide(DFG_DOUBLE, 1, 1, big, NULL, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_inv(DFG_LOGICAL, 1, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_inv(DFG_DOUBLE, big, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_det(99, 1, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_det(DFG_DOUBLE, -1, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_chol(DFG_LOGICAL, 1, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_chol(DFG_SINGLE, big, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_lu(DFG_LOGICAL, 1, 1, NULL, NULL, NULL, NULL, 0) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_lu(DFG_DOUBLE, big, 1, NULL, NULL, NULL, NULL, 0) == DFG_ERR_ARG);
    CHECK(dfg_cpu_qr(DFG_LOGICAL, 0, 1, 1, NULL, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_qr(DFG_DOUBLE, 1, 1, -3, NULL, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_eig_sym(DFG_LOGICAL, 1, NULL, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_eig_sym(DFG_DOUBLE, big, NULL, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_svd_values(DFG_LOGICAL, 1, 1, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_svd_values(DFG_DOUBLE, 1, -1, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_svd(DFG_LOGICAL, 1, 1, NULL, NULL, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_svd(DFG_DOUBLE, -1, 2, NULL, NULL, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_svd(DFG_SINGLE, 2, big, NULL, NULL, NULL, NULL) == DFG_ERR_ARG);
    CHECK(dfg_cpu_pinv(DFG_LOGICAL, 1, 1, NULL, NULL) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_pinv(DFG_SINGLE, big, big, NULL, NULL) == DFG_ERR_ARG);
}

/* ---- allocation failures and read-only inputs ----------------------------- */
typedef int (*kern_fn)(int dt, const void * a, const void * b, void * o1,
                       void * o2, void * o3);
static int k_gemm(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) o2; (void) o3; return dfg_cpu_gemm(dt, 0, 0, 1, 3, 2, 3, a, b, o1); }
static int k_solve(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) o2; (void) o3; return dfg_cpu_mldivide(dt, 3, 3, 2, a, b, o1); }
static int k_lsq(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) o2; (void) o3; return dfg_cpu_mldivide(dt, 3, 2, 2, a, b, o1); }
static int k_inv(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; (void) o2; (void) o3; return dfg_cpu_inv(dt, 3, a, o1); }
static int k_det(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; (void) o2; (void) o3; return dfg_cpu_det(dt, 3, a, o1); }
static int k_chol(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; (void) o2; (void) o3; return dfg_cpu_chol(dt, 3, a, o1); }
static int k_lu(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; return dfg_cpu_lu(dt, 3, 3, a, o1, o2, o3, 0); }
static int k_qr(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; (void) o3; return dfg_cpu_qr(dt, 0, 3, 3, a, o1, o2); }
static int k_qre(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; (void) o3; return dfg_cpu_qr(dt, 1, 3, 2, a, o1, o2); }
static int k_eig(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; (void) o3; return dfg_cpu_eig_sym(dt, 3, a, o1, o2); }
static int k_eign(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; (void) o2; (void) o3; return dfg_cpu_eig_sym(dt, 3, a, o1, NULL); }
static int k_svd(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; (void) o2; (void) o3; return dfg_cpu_svd_values(dt, 3, 3, a, o1); }
static int k_svdv(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; return dfg_cpu_svd(dt, 3, 3, a, o1, o2, o3); }
static int k_svdt(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; return dfg_cpu_svd(dt, 3, 2, a, o1, o2, o3); }
static int k_pinv(int dt, const void * a, const void * b, void * o1, void * o2, void * o3)
{ (void) b; (void) o2; (void) o3; return dfg_cpu_pinv(dt, 3, 3, a, o1); }

static void test_nomem_and_readonly(void)
{
    /* T zero-padded to 9 elements, so that every case reads 9 */
    static const double T6[9] = { 1, 3, 5, 2, 4, 6 };
    /* allocs: whether the kernel takes scratch (each such path must fail
     * cleanly with DFG_ERR_NOMEM at least once before it succeeds) */
    static const struct { kern_fn fn; const double * a; int allocs; } cases[] = {
        { k_gemm, A3, 0 }, { k_solve, A3, 1 }, { k_solve, S3, 1 }, { k_solve, U3, 1 },
        { k_solve, sing3, 1 }, { k_solve, L3, 1 }, { k_lsq, T6, 1 }, { k_inv, A3, 1 },
        { k_inv, S3, 1 }, { k_inv, U3, 1 }, { k_inv, sing3, 1 }, { k_det, A3, 1 },
        { k_det, S3, 1 }, { k_det, U3, 0 }, { k_chol, S3, 0 }, { k_lu, A3, 1 },
        { k_qr, A3, 1 }, { k_qre, T6, 1 }, { k_eig, S3, 1 }, { k_eign, S3, 1 },
        { k_svd, A3, 1 }, { k_svdv, A3, 1 }, { k_svdt, T6, 1 }, { k_svdv, sing3, 1 },
        { k_pinv, A3, 1 }, { k_pinv, sing3, 1 },
    };
    int shim = &alloc_shim_fail_after != NULL && &alloc_shim_live != NULL;
    for (int t = 0; t < 2; t++)
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            int dt = DTS[t], s = DFG_ERR_NOMEM, fails = 0, ok = 1;
            void * a = mk(dt, cases[c].a, 9, 0), * b = IN(dt, B3);
            void * a0 = mk(dt, cases[c].a, 9, 0), * b0 = IN(dt, B3);
            void * o1 = OUT(dt, 16), * o2 = OUT(dt, 16), * o3 = OUT(dt, 16);
            for (int k = 0; k < 64 && s == DFG_ERR_NOMEM; k++) {
                if (shim)
                    alloc_shim_fail_after = k;
                s = cases[c].fn(dt, a, b, o1, o2, o3);
                if (shim)
                    alloc_shim_fail_after = -1;
                fails += s == DFG_ERR_NOMEM;
                ok = ok && (!shim || alloc_shim_live == 0) &&
                     (s == DFG_OK || s == DFG_ERR_NOMEM);
                ok = ok && memcmp(a, a0, 9 * 8 / (t + 1)) == 0 &&
                     memcmp(b, b0, 6 * 8 / (t + 1)) == 0;
            }
            if (!ok || s != DFG_OK)
                fprintf(stderr, "nomem case %d (dtype %d): status %d\n", (int) c, dt, s);
            CHECK(ok && s == DFG_OK && (fails > 0) == (shim && cases[c].allocs));
            dfg_take_warning();
        }
    CHECK(!shim || alloc_shim_live == 0);
    free_pool();
}

int main(void)
{
    RUN(test_gemm);
    RUN(test_mldivide);
    RUN(test_inv);
    RUN(test_det);
    RUN(test_chol);
    RUN(test_lu);
    RUN(test_qr);
    RUN(test_eig);
    RUN(test_svd);
    RUN(test_svd_vectors);
    RUN(test_pinv);
    RUN(test_args);
    RUN(test_nomem_and_readonly);
    HARNESS_END();
}
