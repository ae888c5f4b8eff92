SELECT abs(-7), round(2.5), round(-2.567, 2), sign(-3), max(1, 5, 3), min('b', 'a');
SELECT 7 / 2, 7 % 3, 7.0 / 2, -7 / 2, 1 << 10, 0xff >> 4, ~5, 6 & 3, 6 | 3;
SELECT sqrt(2), pow(2, 10), exp(1), ln(10), log10(1000), log(2, 8), pi(), degrees(pi()), radians(180);
SELECT sin(0.5), cos(0.5), tan(0.5), atan2(1, 1), ceil(1.2), floor(-1.2), trunc(2.9), mod(10, 3);
SELECT 9223372036854775807 + 1, -9223372036854775808 - 1, 1e308 * 10, CAST('12abc' AS INTEGER), CAST(3.99 AS INT);
SELECT random() = random(), typeof(random()), abs(random() % 10) BETWEEN 0 AND 9;
SELECT 1 IS NOT 2, NULL IS NULL, 3 BETWEEN 1 AND 5, 'b' IN ('a', 'b'), CASE 2 WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END;
