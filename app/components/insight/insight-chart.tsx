import { Group } from "@visx/group";
import { PatternCircles, PatternLines } from "@visx/pattern";
import { scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useId } from "react";
import { cellText, type InsightChart } from "~/domain/insight/insight-chart.ts";

/*
 * One chart of an insight page (docs/decisions/0019-server-rendered-charts.md): horizontal bars
 * drawn with visx as plain SVG, so the chart is in the HTML the server sends, before and without
 * JavaScript. A row's label sits above its bars, so the bars have the full width at 375 px. Each
 * series has a pattern as well as a colour (solid navy, teal with diagonal lines, dark amber with
 * dots), each at least 3:1 against white (WCAG 1.4.11), and the legend shows the same swatches.
 * Positions across are percentages of the width and text keeps its size, so the chart fills any
 * width without shrinking its words at 375 px.
 * A suppressed cell draws no bar: it says "fewer than 5". The figure's caption is the chart's
 * name and its summary sentence; the data table below says the same numbers in words.
 */

const LABEL_HEIGHT = 18;
const BAR_HEIGHT = 14;
const BAR_GAP = 3;
const ROW_GAP = 10;
/** The share of the width the longest bar may take; the rest is for its value. */
const BAR_SPAN = 78;
const TOP = 14;

const SERIES_FILL = ["#0b1f3a", "#0f766e", "#8a4b08"] as const;

function seriesFill(prefix: string, index: number): string {
  if (index === 0) return SERIES_FILL[0];
  return `url(#${prefix}-s${index})`;
}

function SeriesPatterns({ prefix }: { prefix: string }) {
  return (
    <>
      <PatternLines
        id={`${prefix}-s1`}
        height={6}
        width={6}
        stroke="#ffffff"
        strokeWidth={1.5}
        background={SERIES_FILL[1]}
        orientation={["diagonal"]}
      />
      <PatternCircles
        id={`${prefix}-s2`}
        height={6}
        width={6}
        radius={1.4}
        fill="#ffffff"
        background={SERIES_FILL[2]}
      />
    </>
  );
}

export function InsightChartFigure({ chart }: { chart: InsightChart }) {
  const prefix = `chart-${chart.id}-${useId().replaceAll(":", "")}`;
  const titleId = `${prefix}-title`;
  const summaryId = `${prefix}-summary`;
  const barsPerRow = chart.stacked ? 1 : chart.series.length;
  const rowHeight = LABEL_HEIGHT + barsPerRow * (BAR_HEIGHT + BAR_GAP) + ROW_GAP;
  // Each reference line's label has a line of its own above the bars, so two never overlap.
  const top = TOP + 12 * Math.max(0, (chart.references?.length ?? 0) - 1);
  const height = top + chart.rows.length * rowHeight;
  const values = chart.rows.flatMap((row) =>
    chart.stacked
      ? [row.cells.reduce((s, c) => s + (c.suppressed ? 0 : c.value), 0)]
      : row.cells.map((c) => (c.suppressed ? 0 : c.value)),
  );
  const max = Math.max(1, ...values, ...(chart.references ?? []).map((r) => r.value));
  const x = scaleLinear<number>({ domain: [0, max], range: [0, BAR_SPAN], nice: true });
  const pc = (n: number) => `${n}%`;
  return (
    <figure className="rounded-xl border bg-card p-4 sm:p-6" aria-labelledby={titleId}>
      <figcaption>
        <h2 id={titleId} className="font-semibold text-lg">
          {chart.title}
        </h2>
        <p id={summaryId} className="mt-1 text-muted-foreground text-sm">
          {chart.summary}
        </p>
      </figcaption>
      {chart.series.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Key">
          {chart.series.map((series, i) => (
            <li key={series.key} className="flex items-center gap-1.5">
              <svg width="14" height="14" aria-hidden="true" focusable="false">
                <defs>
                  <SeriesPatterns prefix={`${prefix}-key`} />
                </defs>
                <rect
                  width="14"
                  height="14"
                  fill={seriesFill(`${prefix}-key`, i)}
                  stroke={SERIES_FILL[i % SERIES_FILL.length]}
                />
              </svg>
              {series.label}
            </li>
          ))}
        </ul>
      ) : null}
      {chart.rows.length === 0 ? (
        <p className="mt-3 text-muted-foreground text-sm">Nothing to show for this period.</p>
      ) : (
        <svg
          width="100%"
          height={height}
          className="mt-3 overflow-visible"
          role="img"
          aria-labelledby={titleId}
          aria-describedby={summaryId}
          data-chart={chart.id}
        >
          <title>{chart.title}</title>
          <defs>
            <SeriesPatterns prefix={prefix} />
          </defs>
          {(chart.references ?? []).map((ref, index) => (
            <Group key={ref.label}>
              {/* A line near the right edge is labelled on its left, so its words stay in the card. */}
              <text
                x={pc(x(ref.value))}
                dx={x(ref.value) > BAR_SPAN / 2 ? -3 : 3}
                textAnchor={x(ref.value) > BAR_SPAN / 2 ? "end" : "start"}
                y={10 + 12 * index}
                fontSize={11}
                fill="#b42318"
              >
                {ref.label}
              </text>
              {/* Across each row's bars only, so the line never runs through a row's label. */}
              {chart.rows.map((row, r) => (
                <line
                  key={row.key}
                  x1={pc(x(ref.value))}
                  x2={pc(x(ref.value))}
                  y1={top + r * rowHeight + LABEL_HEIGHT - 2}
                  y2={top + (r + 1) * rowHeight - ROW_GAP / 2}
                  stroke="#b42318"
                  strokeWidth={1.5}
                  strokeDasharray="4 3"
                />
              ))}
            </Group>
          ))}
          {chart.rows.map((row, r) => {
            let stackedAt = 0;
            return (
              <Group key={row.key} top={top + r * rowHeight}>
                <text y={LABEL_HEIGHT - 4} fontSize={13} fill="#0b1f3a">
                  {row.label}
                </text>
                {row.cells.map((cell, i) => {
                  const series = chart.series[i];
                  if (!series) return null;
                  const y = LABEL_HEIGHT + (chart.stacked ? 0 : i * (BAR_HEIGHT + BAR_GAP));
                  const start = chart.stacked ? stackedAt : 0;
                  const width = cell.suppressed ? 0 : x(cell.value);
                  if (chart.stacked && !cell.suppressed) stackedAt += width;
                  return (
                    <Group key={series.key}>
                      {width > 0 ? (
                        <Bar
                          x={pc(start)}
                          y={y}
                          width={pc(width)}
                          height={BAR_HEIGHT}
                          fill={seriesFill(prefix, i)}
                          stroke={SERIES_FILL[i % SERIES_FILL.length]}
                        />
                      ) : null}
                      {chart.stacked ? null : (
                        <BarValue
                          x={pc(width)}
                          y={y}
                          suppressed={cell.suppressed}
                          text={cellText(cell, chart.unit)}
                        />
                      )}
                    </Group>
                  );
                })}
                {chart.stacked && row.total ? (
                  <BarValue
                    x={pc(stackedAt)}
                    y={LABEL_HEIGHT}
                    suppressed={row.total.suppressed}
                    text={
                      row.cells.some((c) => c.suppressed) && !row.total.suppressed
                        ? `${cellText(row.total, chart.unit)} (part hidden)`
                        : cellText(row.total, chart.unit)
                    }
                  />
                ) : null}
              </Group>
            );
          })}
        </svg>
      )}
      <details className="mt-3">
        <summary className="cursor-pointer font-medium text-primary text-sm underline underline-offset-4">
          Show as table
        </summary>
        <InsightTable chart={chart} />
      </details>
    </figure>
  );
}

/** The chart's numbers as a table, in the same words as the CSV export. */
function InsightTable({ chart }: { chart: InsightChart }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" data-insight-table={chart.id}>
        <caption className="sr-only">{chart.title}</caption>
        <thead>
          <tr className="border-b-2">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {chart.rows.length && chart.rows[0]?.key.match(/^\d{4}-\d{2}-01$/)
                ? "Month"
                : "Category"}
            </th>
            {chart.series.map((s) => (
              <th key={s.key} scope="col" className="py-1.5 pr-3 text-right font-medium">
                {s.label}
              </th>
            ))}
            {chart.rowTotals ? (
              <th scope="col" className="py-1.5 text-right font-medium">
                Total
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={row.key} className="border-b" data-row={row.key}>
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {row.label}
              </th>
              {row.cells.map((cell, i) => (
                <td key={chart.series[i]?.key ?? i} className="py-1.5 pr-3 text-right tabular-nums">
                  {cellText(cell, chart.unit)}
                </td>
              ))}
              {chart.rowTotals && row.total ? (
                <td className="py-1.5 text-right tabular-nums">
                  {cellText(row.total, chart.unit)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {chart.note ? <p className="mt-2 text-muted-foreground text-xs">{chart.note}</p> : null}
    </div>
  );
}

/**
 * The value written just past the end of a bar (of a row, when stacked), on a white box: a
 * promise line that crosses it stops at the box instead of striking through the figure ("21 h"
 * under the 24-hour line). The server cannot measure text, so the box is the text's length at a
 * generous average glyph width. A hidden value is in italics.
 */
function BarValue({
  x,
  y,
  suppressed,
  text,
}: {
  x: string;
  /** The top of the bar. */
  y: number;
  suppressed: boolean;
  text: string;
}) {
  return (
    <>
      {/* x is a share of the width; the 2 px after it are not, so they are a translation. */}
      <rect
        x={x}
        y={y}
        transform="translate(2 0)"
        width={text.length * 7 + 4}
        height={BAR_HEIGHT}
        fill="#ffffff"
      />
      <text
        x={x}
        dx={4}
        y={y + BAR_HEIGHT - 2}
        fontSize={12}
        fill="#4a5a70"
        fontStyle={suppressed ? "italic" : undefined}
      >
        {text}
      </text>
    </>
  );
}
