-- Generated columns for derived measurements.
CREATE TABLE boxes (
    id     INTEGER PRIMARY KEY,
    w_mm   INTEGER NOT NULL,
    h_mm   INTEGER NOT NULL,
    d_mm   INTEGER NOT NULL,
    volume_cm3 REAL GENERATED ALWAYS AS (w_mm * h_mm * d_mm / 1000.0) STORED,
    label  TEXT AS (w_mm || 'x' || h_mm || 'x' || d_mm) VIRTUAL,
    is_cube INTEGER AS (w_mm = h_mm AND h_mm = d_mm)
);
CREATE INDEX boxes_by_volume ON boxes (volume_cm3);

INSERT INTO boxes (w_mm, h_mm, d_mm) VALUES (100, 100, 100), (300, 200, 150), (50, 50, 400);

SELECT label, volume_cm3, is_cube FROM boxes ORDER BY volume_cm3 DESC;
SELECT label FROM boxes WHERE volume_cm3 BETWEEN 500 AND 5000;
