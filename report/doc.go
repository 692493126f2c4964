// Package report renders the analysis of one response set on a suite, or
// the paired comparison of two, as text, Markdown or a self-contained HTML
// page with SVG charts.
//
// The numbers come from package verify (Analyze, Compare); this package
// only lays them out. Every format shows the same tables, in this order:
// the summary (All-pass with its Wilson 95% interval, Avg-pass with its
// Student t 95% interval over records), the paired comparison when there
// is one (exact McNemar on All-pass, paired bootstrap interval on the
// Avg-pass difference), the error table, the breakdowns by family, task,
// subtask, tier mix, checklist length and prompt length, and the
// constraint units (All-pass of the records that sampled a unit against
// the records that could have and did not).
//
// The HTML page needs nothing but itself: its CSS is inline, its charts
// are inline SVG drawn with gonum.org/v1/plot (dot-and-whisker plots of
// the estimates with their intervals, bars for the error counts), it
// fetches no URL and runs no script.
//
// Output is deterministic: the same input gives the same bytes.
package report
