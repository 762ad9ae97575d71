# Written by pstl_ws_compare; `gnuplot plots.gp` in this folder redraws the report's plots.
terminal = strstrt(GPVAL_TERMINALS, 'pngcairo') > 0 ? 'pngcairo' : 'png'
set linetype 1 lc rgb '#7f7f7f' lw 2 pt 1 ps 1.3
set linetype 2 lc rgb '#1f77b4' lw 2 pt 7 ps 1.3
set linetype 3 lc rgb '#2ca02c' lw 2 pt 5 ps 1.3
set linetype 4 lc rgb '#d62728' lw 2 pt 9 ps 1.3
set linetype 5 lc rgb '#ff7f0e' lw 2 pt 11 ps 1.3
set linetype 6 lc rgb '#9467bd' lw 2 pt 13 ps 1.3
set linetype 7 lc rgb '#8c564b' lw 2 pt 3 ps 1.3

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-for-each-light-n1000.png'
set title 'for_each light, n = 10^3 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case0_0 << EOD
1 0.125179
2 0.0304278
EOD
$case0_1 << EOD
1 0.124872
2 0.0301852
EOD
$case0_2 << EOD
1 0.77671
2 0.778038
EOD
$case0_3 << EOD
1 0.475131
2 0.0900945
EOD
$case0_4 << EOD
1 1.01699
2 0.0162357
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case0_0 with linespoints lt 2 title 'std_par', $case0_1 with linespoints lt 3 title 'tbb', $case0_2 with linespoints lt 4 title 'ws', $case0_3 with linespoints lt 5 title 'std_par_on_ws', $case0_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-for-each-light-n100000.png'
set title 'for_each light, n = 10^5 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case1_0 << EOD
1 0.93483
2 0.882374
EOD
$case1_1 << EOD
1 1.03865
2 0.845067
EOD
$case1_2 << EOD
1 1.19099
2 0.58736
EOD
$case1_3 << EOD
1 1.17457
2 0.630757
EOD
$case1_4 << EOD
1 1.2142
2 0.374352
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case1_0 with linespoints lt 2 title 'std_par', $case1_1 with linespoints lt 3 title 'tbb', $case1_2 with linespoints lt 4 title 'ws', $case1_3 with linespoints lt 5 title 'std_par_on_ws', $case1_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-for-each-light-n10000000.png'
set title 'for_each light, n = 10^7 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case2_0 << EOD
1 1.21004
2 1.58131
EOD
$case2_1 << EOD
1 1.12819
2 1.63696
EOD
$case2_2 << EOD
1 1.19696
2 1.62547
EOD
$case2_3 << EOD
1 0.706738
2 1.36411
EOD
$case2_4 << EOD
1 1.203
2 0.836916
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case2_0 with linespoints lt 2 title 'std_par', $case2_1 with linespoints lt 3 title 'tbb', $case2_2 with linespoints lt 4 title 'ws', $case2_3 with linespoints lt 5 title 'std_par_on_ws', $case2_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-for-each-heavy-n10000.png'
set title 'for_each heavy, n = 10^4 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case3_0 << EOD
1 1.01553
2 2.00301
EOD
$case3_1 << EOD
1 1.00848
2 2.0063
EOD
$case3_2 << EOD
1 1.01322
2 1.97661
EOD
$case3_3 << EOD
1 1.01
2 1.98483
EOD
$case3_4 << EOD
1 1.00489
2 1.95754
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case3_0 with linespoints lt 2 title 'std_par', $case3_1 with linespoints lt 3 title 'tbb', $case3_2 with linespoints lt 4 title 'ws', $case3_3 with linespoints lt 5 title 'std_par_on_ws', $case3_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-for-each-irregular-n10000.png'
set title 'for_each irregular, n = 10^4 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case4_0 << EOD
1 0.999641
2 1.98818
EOD
$case4_1 << EOD
1 0.981518
2 1.9793
EOD
$case4_2 << EOD
1 0.99784
2 1.98401
EOD
$case4_3 << EOD
1 0.999802
2 2.01789
EOD
$case4_4 << EOD
1 0.994517
2 1.96434
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case4_0 with linespoints lt 2 title 'std_par', $case4_1 with linespoints lt 3 title 'tbb', $case4_2 with linespoints lt 4 title 'ws', $case4_3 with linespoints lt 5 title 'std_par_on_ws', $case4_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-reduce-f64-n1000.png'
set title 'reduce f64, n = 10^3 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case5_0 << EOD
1 0.131447
2 0.0281225
EOD
$case5_1 << EOD
1 0.134428
2 0.0283999
EOD
$case5_2 << EOD
1 1.00316
2 0.989562
EOD
$case5_3 << EOD
1 0.813142
2 0.176082
EOD
$case5_4 << EOD
1 0.262723
2 0.0256584
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case5_0 with linespoints lt 2 title 'std_par', $case5_1 with linespoints lt 3 title 'tbb', $case5_2 with linespoints lt 4 title 'ws', $case5_3 with linespoints lt 5 title 'std_par_on_ws', $case5_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-reduce-f64-n100000.png'
set title 'reduce f64, n = 10^5 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case6_0 << EOD
1 0.873201
2 0.859163
EOD
$case6_1 << EOD
1 0.874674
2 0.904063
EOD
$case6_2 << EOD
1 0.954228
2 0.948366
EOD
$case6_3 << EOD
1 1.01184
2 0.7059
EOD
$case6_4 << EOD
1 0.244756
2 0.438845
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case6_0 with linespoints lt 2 title 'std_par', $case6_1 with linespoints lt 3 title 'tbb', $case6_2 with linespoints lt 4 title 'ws', $case6_3 with linespoints lt 5 title 'std_par_on_ws', $case6_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-reduce-f64-n10000000.png'
set title 'reduce f64, n = 10^7 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case7_0 << EOD
1 1.07013
2 1.79041
EOD
$case7_1 << EOD
1 1.36616
2 1.74362
EOD
$case7_2 << EOD
1 1.25923
2 1.71473
EOD
$case7_3 << EOD
1 1.12311
2 1.74246
EOD
$case7_4 << EOD
1 0.500276
2 0.909206
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case7_0 with linespoints lt 2 title 'std_par', $case7_1 with linespoints lt 3 title 'tbb', $case7_2 with linespoints lt 4 title 'ws', $case7_3 with linespoints lt 5 title 'std_par_on_ws', $case7_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-transform-reduce-dot-f64-n10000000.png'
set title 'transform_reduce dot f64, n = 10^7 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case8_0 << EOD
1 0.947837
2 1.94098
EOD
$case8_1 << EOD
1 0.922687
2 2.16262
EOD
$case8_2 << EOD
1 0.886524
2 1.79671
EOD
$case8_3 << EOD
1 1.0459
2 1.83317
EOD
$case8_4 << EOD
1 0.993725
2 1.43433
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case8_0 with linespoints lt 2 title 'std_par', $case8_1 with linespoints lt 3 title 'tbb', $case8_2 with linespoints lt 4 title 'ws', $case8_3 with linespoints lt 5 title 'std_par_on_ws', $case8_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-sort-u32-random-n100000.png'
set title 'sort u32 random, n = 10^5 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case9_0 << EOD
1 0.848624
2 1.75773
EOD
$case9_1 << EOD
1 0.97364
2 1.83294
EOD
$case9_2 << EOD
1 13.79
2 13.2052
EOD
$case9_3 << EOD
1 0.905466
2 1.91263
EOD
$case9_4 << EOD
1 1.03535
2 1.94844
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case9_0 with linespoints lt 2 title 'std_par', $case9_1 with linespoints lt 3 title 'tbb', $case9_2 with linespoints lt 4 title 'ws', $case9_3 with linespoints lt 5 title 'std_par_on_ws', $case9_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-sort-u32-random-n1000000.png'
set title 'sort u32 random, n = 10^6 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case10_0 << EOD
1 0.766766
2 1.43215
EOD
$case10_1 << EOD
1 0.907127
2 1.63868
EOD
$case10_2 << EOD
1 16.2066
2 21.4045
EOD
$case10_3 << EOD
1 0.820658
2 1.56345
EOD
$case10_4 << EOD
1 0.95813
2 1.6353
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case10_0 with linespoints lt 2 title 'std_par', $case10_1 with linespoints lt 3 title 'tbb', $case10_2 with linespoints lt 4 title 'ws', $case10_3 with linespoints lt 5 title 'std_par_on_ws', $case10_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-sort-f64-random-n1000000.png'
set title 'sort f64 random, n = 10^6 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case11_0 << EOD
1 0.779597
2 1.65389
EOD
$case11_1 << EOD
1 0.961417
2 1.94218
EOD
$case11_2 << EOD
1 4.61734
2 8.81535
EOD
$case11_3 << EOD
1 0.83386
2 1.72692
EOD
$case11_4 << EOD
1 1.01034
2 1.92965
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case11_0 with linespoints lt 2 title 'std_par', $case11_1 with linespoints lt 3 title 'tbb', $case11_2 with linespoints lt 4 title 'ws', $case11_3 with linespoints lt 5 title 'std_par_on_ws', $case11_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-sort-u32-sorted-n1000000.png'
set title 'sort u32 sorted, n = 10^6 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case12_0 << EOD
1 1.59227
2 2.47248
EOD
$case12_1 << EOD
1 25.2172
2 34.4141
EOD
$case12_2 << EOD
1 27.6288
2 47.3654
EOD
$case12_3 << EOD
1 2.59425
2 3.90427
EOD
$case12_4 << EOD
1 1.01229
2 1.58848
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case12_0 with linespoints lt 2 title 'std_par', $case12_1 with linespoints lt 3 title 'tbb', $case12_2 with linespoints lt 4 title 'ws', $case12_3 with linespoints lt 5 title 'std_par_on_ws', $case12_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-sort-u32-reversed-n1000000.png'
set title 'sort u32 reversed, n = 10^6 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case13_0 << EOD
1 0.541108
2 1.19202
EOD
$case13_1 << EOD
1 0.715722
2 1.527
EOD
$case13_2 << EOD
1 14.4022
2 13.0921
EOD
$case13_3 << EOD
1 1.07862
2 2.21779
EOD
$case13_4 << EOD
1 0.842303
2 1.80862
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case13_0 with linespoints lt 2 title 'std_par', $case13_1 with linespoints lt 3 title 'tbb', $case13_2 with linespoints lt 4 title 'ws', $case13_3 with linespoints lt 5 title 'std_par_on_ws', $case13_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-sort-u32-few-unique-n1000000.png'
set title 'sort u32 few unique, n = 10^6 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case14_0 << EOD
1 0.656319
2 1.16499
EOD
$case14_1 << EOD
1 0.936615
2 1.48241
EOD
$case14_2 << EOD
1 10.2858
2 14.3184
EOD
$case14_3 << EOD
1 0.764766
2 1.37996
EOD
$case14_4 << EOD
1 1.05561
2 1.64633
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case14_0 with linespoints lt 2 title 'std_par', $case14_1 with linespoints lt 3 title 'tbb', $case14_2 with linespoints lt 4 title 'ws', $case14_3 with linespoints lt 5 title 'std_par_on_ws', $case14_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-stable-sort-u64-u32-pairs-n1000000.png'
set title 'stable_sort u64-u32 pairs, n = 10^6 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case15_0 << EOD
1 0.915686
2 1.95219
EOD
$case15_1 << EOD
1 0.918
2 1.92973
EOD
$case15_2 << EOD
1 0.997968
2 2.0831
EOD
$case15_3 << EOD
1 1.00372
2 2.00049
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case15_0 with linespoints lt 2 title 'std_par', $case15_1 with linespoints lt 4 title 'ws', $case15_2 with linespoints lt 5 title 'std_par_on_ws', $case15_3 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-fib-n-join-n30.png'
set title 'fib(n) join, n = 30 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case16_0 << EOD
1 0.00751355
2 0.0142854
EOD
$case16_1 << EOD
1 0.065214
2 0.113007
EOD
$case16_2 << EOD
1 0.0135203
2 0.000918353
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case16_0 with linespoints lt 3 title 'tbb', $case16_1 with linespoints lt 4 title 'ws', $case16_2 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-nested-sort-n1048576.png'
set title 'nested sort, n = 1048576 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case17_0 << EOD
1 0.808646
2 1.67646
EOD
$case17_1 << EOD
1 0.928394
2 1.94579
EOD
$case17_2 << EOD
1 9.05476
2 8.91212
EOD
$case17_3 << EOD
1 0.86564
2 1.77955
EOD
$case17_4 << EOD
1 0.994628
2 1.59836
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case17_0 with linespoints lt 2 title 'std_par', $case17_1 with linespoints lt 3 title 'tbb', $case17_2 with linespoints lt 4 title 'ws', $case17_3 with linespoints lt 5 title 'std_par_on_ws', $case17_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 900,560
set output 'speedup-8-callers-sort-n2000000.png'
set title '8 callers sort, n = 2000000 (ms): speedup over seq (higher is better)'
set grid
set xlabel 'threads'
set ylabel 'speedup: seq median / median'
set logscale xy 2
set format y '%g'
set key outside right top box
set xrange [0.8:2.5]
set xtics (1, 2)
$case18_0 << EOD
1 0.734719
2 0.749933
EOD
$case18_1 << EOD
1 0.922312
2 0.830202
EOD
$case18_2 << EOD
1 6.746
2 6.54897
EOD
$case18_3 << EOD
1 0.481998
2 0.839916
EOD
$case18_4 << EOD
1 1.0291
2 0.969448
EOD
plot x with lines dt 2 lc rgb '#000000' title 'ideal (= threads)', 1 with lines dt 3 lt 1 title 'seq (= 1)', $case18_0 with linespoints lt 2 title 'std_par', $case18_1 with linespoints lt 3 title 'tbb', $case18_2 with linespoints lt 4 title 'ws', $case18_3 with linespoints lt 5 title 'std_par_on_ws', $case18_4 with linespoints lt 6 title 'gnu_parallel'

reset
set terminal @terminal noenhanced size 2700,560
set output 'ratios.png'
set title 'median over std_par''s median at 2 threads (below 1 = faster than std_par)'
set grid
$ratios << EOD
"for_each light 10^3" 1.00804 0.0391084 0.337732 1.87413
"for_each light 10^5" 1.04415 1.50227 1.39891 2.35707
"for_each light 10^7" 0.966003 0.972837 1.15923 1.88945
"for_each heavy 10^4" 0.998358 1.01336 1.00916 1.02323
"for_each irregular 10^4" 1.00448 1.0021 0.985278 1.01214
"reduce f64 10^3" 0.990232 0.0284191 0.159712 1.09603
"reduce f64 10^5" 0.950335 0.90594 1.21712 1.95778
"reduce f64 10^7" 1.02684 1.04414 1.02752 1.96921
"transform_reduce dot f64 10^7" 0.897511 1.0803 1.05881 1.35323
"sort u32 random 10^5" 0.958964 0.133109 0.919011 0.902118
"sort u32 random 10^6" 0.873966 0.0669089 0.916017 0.875774
"sort f64 random 10^6" 0.851564 0.187615 0.957712 0.857091
"sort u32 sorted 10^6" 0.0718448 0.0522001 0.633276 1.55651
"sort u32 reversed 10^6" 0.780626 0.0910487 0.537481 0.659077
"sort u32 few unique 10^6" 0.785877 0.0813632 0.844222 0.707629
"stable_sort u64-u32 pairs 10^6" ? 1.01164 0.937156 0.975854
"nested sort 1048576" 0.861582 0.18811 0.942065 1.04886
"8 callers sort 2000000" 0.903314 0.114511 0.892866 0.773567
EOD
set datafile missing '?'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set logscale y 2
set format y '%g'
set grid noxtics
set ylabel 'median / std_par median'
set xtics rotate by 25 right nomirror
set key outside right top vertical
set xrange [-0.5:17.5]
set yrange [0.0218608:3.06419]
bar_x(r, i) = r + (i - (4 - 1) / 2.0) / (4 + 1)
plot $ratios using 2:xtic(1) lt 3 title 'tbb', $ratios using 3 lt 4 title 'ws', $ratios using 4 lt 5 title 'std_par_on_ws', $ratios using 5 lt 6 title 'gnu_parallel', 1 with lines dt 2 lc rgb '#000000' lw 2 title 'std_par (= 1)', $ratios using (bar_x($0, 0)):2:(sprintf('%.2f', $2)) with labels offset 0,0.6 notitle, $ratios using (bar_x($0, 1)):3:(sprintf('%.2f', $3)) with labels offset 0,0.6 notitle, $ratios using (bar_x($0, 2)):4:(sprintf('%.2f', $4)) with labels offset 0,0.6 notitle, $ratios using (bar_x($0, 3)):5:(sprintf('%.2f', $5)) with labels offset 0,0.6 notitle
