package dev.tristate.adapter.out.persistence.jdbc;

/** Fitting free text (reasons, details, answers) into its column without failing the write. */
public final class Columns {

    private Columns() {
    }

    public static String clip(String text, int width) {
        if (text == null || text.length() <= width) {
            return text;
        }
        return text.substring(0, width - 3) + "...";
    }
}
