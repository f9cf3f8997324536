// Draws the report's charts from the JSON in #report-data with uPlot. Everything user-controlled
// (labels, titles) arrives as JSON data and is put into the page as text only.
(function () {
  "use strict";
  var errors = [];
  function fail(message) {
    errors.push(String(message));
    var box = document.getElementById("report-errors");
    box.textContent = errors.join("\n");
    box.hidden = false;
    document.documentElement.setAttribute("data-errors", String(errors.length));
  }
  window.addEventListener("error", function (e) { fail(e.message); });
  window.addEventListener("unhandledrejection", function (e) { fail(e.reason); });
  var consoleError = console.error;
  console.error = function () {
    fail(Array.prototype.join.call(arguments, " "));
    consoleError.apply(console, arguments);
  };

  var PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
                 "#17becf", "#7f7f7f", "#bcbd22"];

  function color(i, faint) {
    var c = PALETTE[i % PALETTE.length];
    return faint ? c + "55" : c;
  }

  function number(v) {
    if (v == null) return "–";
    var a = Math.abs(v);
    return v.toFixed(a >= 100 ? 0 : a >= 10 ? 1 : 2);
  }

  function duration(s) {
    if (s == null) return "";
    var d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600),
        m = Math.floor(s % 3600 / 60), sec = Math.round(s % 60);
    if (d > 0) return d + "d" + (h ? " " + h + "h" : "");
    if (h > 0) return h + "h" + (m ? " " + m + "m" : "");
    if (m > 0) return m + "m" + (sec ? " " + sec + "s" : "");
    return (s < 10 && s !== Math.round(s) ? s.toFixed(1) : String(sec)) + "s";
  }

  function percentile(x) {
    if (x == null) return "–";
    var p = 100 * (1 - 1 / x);
    return (p < 99 ? p.toFixed(0) : String(+p.toPrecision(6))) + "%";
  }

  function count(v) {
    return v == null ? "–" : String(v);
  }

  // The x axes: time ticks where uPlot puts them; a tick per client count of the sweep; on the
  // percentile axis (log of 1 / (1 - p)) a tick at 0 %, 90 %, 99 %, 99.9 %...
  var xAxes = {
    time: { label: "time into the run", format: duration,
            values: function (u, splits) { return splits.map(duration); } },
    clients: { label: "clients", format: count,
               values: function (u, splits) { return splits.map(count); },
               splits: function (u) { return u.data[0].slice(); } },
    percentile: { label: "percentile", format: percentile,
                  values: function (u, splits) { return splits.map(percentile); },
                  splits: function (u) {
                    var max = u.data[0][u.data[0].length - 1], out = [];
                    for (var x = 1; x <= max * 1.0001; x *= 10) out.push(x);
                    return out;
                  } }
  };

  // Outages shaded under the lines and labelled (their number in the run's outage table),
  // checkpoints as dashed vertical lines over them.
  function shadePlugin(chart) {
    return {
      hooks: {
        drawClear: [function (u) {
          var ctx = u.ctx;
          ctx.save();
          ctx.fillStyle = "rgba(214, 39, 40, 0.15)";
          chart.shade.forEach(function (r) {
            var x0 = u.valToPos(r[0], "x", true), x1 = u.valToPos(r[1], "x", true);
            ctx.fillRect(x0, u.bbox.top, Math.max(1, x1 - x0), u.bbox.height);
          });
          ctx.fillStyle = "rgba(160, 20, 20, 0.9)";
          ctx.font = Math.round(11 * devicePixelRatio) + "px sans-serif";
          ctx.textBaseline = "top";
          chart.shade.forEach(function (r, i) {
            var label = (chart.shadeLabels || [])[i];
            if (label) {
              // a dip is often where an outage is: labels of neighbours go one under the other
              var line = i % 3, step = Math.round(13 * devicePixelRatio);
              ctx.fillText(label, u.valToPos(r[0], "x", true) + 3, u.bbox.top + 3 + line * step);
            }
          });
          ctx.restore();
        }],
        draw: [function (u) {
          var ctx = u.ctx;
          ctx.save();
          ctx.strokeStyle = "rgba(80, 80, 80, 0.6)";
          ctx.setLineDash([4, 3]);
          chart.markers.forEach(function (m) {
            var x = u.valToPos(m.x, "x", true);
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
          });
          ctx.restore();
        }]
      }
    };
  }

  function xAxis(axis) {
    var options = { label: axis.label, values: axis.values };
    if (axis.splits) options.splits = axis.splits;
    return options;
  }

  var drawn = 0, total = 0;

  function draw(chart) {
    var element = document.getElementById(chart.id);
    var axis = xAxes[chart.axis];
    var series = [{ label: axis.label, value: function (u, v) { return axis.format(v); } }];
    chart.series.forEach(function (s) {
      series.push({
        label: s.label,
        stroke: color(s.color, s.faint),
        width: s.faint ? 1 : 2,
        points: { show: chart.axis !== "time" },
        value: function (u, v) { return number(v); }
      });
    });
    var opts = {
      width: Math.max(320, Math.min(1100, element.clientWidth || 560)),
      height: 260,
      series: series,
      scales: { x: { time: false, distr: chart.axis === "percentile" ? 3 : 1 },
                y: chart.logY ? { distr: 3, log: 10 } : {} },
      axes: [xAxis(axis), { label: chart.y, size: 60 }],
      plugins: [shadePlugin(chart)],
      hooks: {
        ready: [function (u) {
          var canvas = element.querySelector("canvas");
          element.setAttribute("data-drawn", canvas ? canvas.width + "x" + canvas.height : "none");
          if (canvas && canvas.width > 0 && canvas.height > 0) {
            drawn++;
          }
          if (drawn === total) {
            document.documentElement.setAttribute("data-charts-drawn", String(drawn));
          }
        }]
      }
    };
    var data = [chart.x].concat(chart.series.map(function (s) {
      // a log axis has no place for 0 or less: a gap, as a missing value
      return chart.logY ? s.values.map(function (v) { return v != null && v > 0 ? v : null; })
                        : s.values;
    }));
    new uPlot(opts, data, element);
  }

  try {
    var charts = JSON.parse(document.getElementById("report-data").textContent);
    total = charts.length;
    document.documentElement.setAttribute("data-charts", String(total));
    if (total === 0) {
      document.documentElement.setAttribute("data-charts-drawn", "0");
    }
    charts.forEach(function (chart) {
      try {
        draw(chart);
      } catch (e) {
        fail(chart.id + ": " + e);
      }
    });
  } catch (e) {
    fail(e);
  }
})();
