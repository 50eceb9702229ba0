/*
 * Draws a uPlot chart above each <table data-chart> from the table's own figures, so the table stays the text
 * version of the chart (for screen readers, copying, and browsers without script); the chart is hidden from
 * assistive technology for that reason. data-chart="bars": the first column names the bars, each further column is a
 * series. data-chart="hours": the first column holds a <time datetime>, each further column is a line (one per
 * outcome), drawn on a time axis in the browser's zone. A table inside <details> gets its chart above the <details>.
 */
(function () {
  'use strict';
  if (typeof uPlot === 'undefined') {
    return;
  }
  var palette = ['#1f5fbf', '#1e7b34', '#a11d2b', '#8a5a00', '#6a3d9a', '#00838f', '#5b6474', '#c2185b', '#33691e'];

  function value(cell) {
    var v = cell.getAttribute('data-value');
    return Number(v === null ? cell.textContent.trim() : v);
  }

  function read(table) {
    var head = Array.prototype.map.call(table.tHead.rows[0].cells, function (c) { return c.textContent.trim(); });
    var rows = Array.prototype.filter.call(table.tBodies[0].rows, function (r) {
      return r.cells.length === head.length;
    });
    return {
      names: head.slice(1),
      labels: rows.map(function (r) { return r.cells[0].textContent.trim(); }),
      times: rows.map(function (r) {
        var t = r.cells[0].querySelector('time[datetime]');
        return t ? new Date(t.getAttribute('datetime')).getTime() / 1000 : null;
      }),
      columns: head.slice(1).map(function (name, j) {
        return rows.map(function (r) { return value(r.cells[j + 1]); });
      })
    };
  }

  function draw(table) {
    var figures = read(table);
    if (figures.labels.length === 0) {
      return;
    }
    var box = document.createElement('div');
    box.className = 'chart';
    box.setAttribute('aria-hidden', 'true');
    // A long table is folded into <details>: its chart stays in view above it.
    var anchor = table.parentNode.tagName === 'DETAILS' ? table.parentNode : table;
    anchor.parentNode.insertBefore(box, anchor);
    var width = Math.max(320, Math.min(box.clientWidth || 640, 960));
    var hours = table.getAttribute('data-chart') === 'hours';
    var xs = hours ? figures.times : figures.labels.map(function (l, i) { return i; });
    var measure = document.createElement('canvas').getContext('2d');
    measure.font = '12px system-ui, -apple-system, sans-serif';
    var longest = figures.labels.reduce(function (n, l) { return Math.max(n, measure.measureText(l).width); }, 0);
    var series = [{}].concat(figures.names.map(function (name, j) {
      var colour = palette[j % palette.length];
      return hours
        ? { label: name, stroke: colour, width: 2, points: { show: true, size: 4 } }
        : { label: name, stroke: colour, fill: colour + 'cc', width: 1, points: { show: false },
            paths: uPlot.paths.bars({ size: [0.6, 28] }) };
    }));
    // Counts are whole numbers: no tick at 0.5.
    var counts = { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 100000, 1000000] };
    var opts = hours ? {
      width: width,
      height: 220,
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: function (u, min, max) { return [0, Math.max(1, max)]; } } },
      axes: [{}, counts],
      series: series
    } : {
      // Bars lie down, one under the other, so that long names (Chinese or English) are read whole.
      width: width,
      height: 40 + 30 * xs.length,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, ori: 1, dir: -1, range: function () { return [-0.5, xs.length - 0.5]; } },
        y: { ori: 0, range: function (u, min, max) { return [0, Math.max(1, max)]; } }
      },
      axes: [{
        side: 3,
        size: Math.min(320, Math.ceil(longest) + 28),
        splits: function () { return xs; },
        values: function (u, splits) { return splits.map(function (i) { return figures.labels[i] || ''; }); },
        grid: { show: false }
      }, Object.assign({ side: 2 }, counts)],
      series: series
    };
    new uPlot(opts, [xs].concat(figures.columns), box);
  }

  function drawAll() {
    document.querySelectorAll('table[data-chart]').forEach(draw);
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', drawAll);
  } else {
    drawAll();
  }
}());
