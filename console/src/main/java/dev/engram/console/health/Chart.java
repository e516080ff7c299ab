package dev.engram.console.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A chart drawn on the server as inline SVG (no script, no style attribute: shapes carry CSS
 * classes from console.css). Every chart has a title for screen readers, and the page shows its
 * numbers as text or a table beside it.
 */
public record Chart(
    String id, String title, int width, int height, List<Shape> shapes, List<Label> labels) {

  /** A rectangle of the chart, coloured by its CSS class. */
  public record Shape(String x, String y, String width, String height, String css, String tip) {}

  /** A text of the chart (axis, bar name or value) at its anchor point. */
  public record Label(String x, String y, String text, String anchor) {}

  /** One named value of a bar chart. */
  public record Value(String name, double value, String css) {}

  /** A stacked column: the parts of one time bucket, bottom first. */
  public record Column(String name, List<Value> parts) {}

  private static final int BAR_HEIGHT = 18;
  private static final int GAP = 6;
  private static final int LEFT = 150;
  private static final int RIGHT = 70;

  /** Horizontal bars, one a row, scaled to the largest value. */
  static Chart bars(String id, String title, List<Value> values, int width) {
    double max = values.stream().mapToDouble(Value::value).max().orElse(0);
    double plot = width - LEFT - RIGHT;
    List<Shape> shapes = new ArrayList<>();
    List<Label> labels = new ArrayList<>();
    int y = 0;
    for (Value v : values) {
      double w = max <= 0 ? 0 : plot * v.value() / max;
      shapes.add(
          new Shape(n(LEFT), n(y), n(w), n(BAR_HEIGHT), v.css(), v.name() + ": " + n(v.value())));
      labels.add(new Label(n(LEFT - 6), n(y + BAR_HEIGHT - 5), v.name(), "end"));
      labels.add(new Label(n(LEFT + w + 6), n(y + BAR_HEIGHT - 5), n(v.value()), "start"));
      y += BAR_HEIGHT + GAP;
    }
    return new Chart(id, title, width, Math.max(y, BAR_HEIGHT), shapes, labels);
  }

  /** Stacked columns over time (oldest left), scaled to the tallest, with the scale's top. */
  static Chart columns(
      String id, String title, List<Column> columns, List<String> axis, int width) {
    int height = 170;
    int left = 40;
    int bottom = 20;
    int top = 24;
    double plotHeight = height - bottom - top;
    double max =
        columns.stream()
            .mapToDouble(c -> c.parts().stream().mapToDouble(Value::value).sum())
            .max()
            .orElse(0);
    double slot = (double) (width - left) / Math.max(columns.size(), 1);
    List<Shape> shapes = new ArrayList<>();
    List<Label> labels = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      double base = height - bottom;
      for (Value part : columns.get(i).parts()) {
        double h = max <= 0 ? 0 : plotHeight * part.value() / max;
        if (h > 0) {
          shapes.add(
              new Shape(
                  n(left + i * slot + 1),
                  n(base - h),
                  n(slot - 2),
                  n(h),
                  part.css(),
                  columns.get(i).name() + ", " + part.name() + ": " + n(part.value())));
        }
        base -= h;
      }
    }
    // The legend: what each colour of a column is (the table beside the chart has the numbers).
    List<Value> legend = columns.isEmpty() ? List.of() : columns.get(0).parts();
    for (int k = 0; k < legend.size(); k++) {
      double x = left + k * 100;
      shapes.add(new Shape(n(x), "2", "10", "10", legend.get(k).css(), legend.get(k).name()));
      labels.add(new Label(n(x + 14), "11", legend.get(k).name(), "start"));
    }
    labels.add(new Label(n(left - 4), n(top + 8), n(max), "end"));
    labels.add(new Label(n(left - 4), n(height - bottom), "0", "end"));
    for (int i = 0; i < axis.size(); i++) {
      double x = left + (width - left) * (axis.size() == 1 ? 0 : (double) i / (axis.size() - 1));
      labels.add(
          new Label(
              n(x),
              n(height - 4),
              axis.get(i),
              i == 0 ? "start" : i == axis.size() - 1 ? "end" : "middle"));
    }
    shapes.add(new Shape(n(left), n(height - bottom), n(width - left), "1", "axis", "time axis"));
    return new Chart(id, title, width, height, shapes, labels);
  }

  /** A number as the chart writes it: whole numbers without decimals, others with one or two. */
  static String n(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return String.format(Locale.ROOT, "%.2f", value).replaceAll("0+$", "");
  }
}
