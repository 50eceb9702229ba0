package dev.tristate.adapter.out.messaging;

/** One line for a failure and its root cause, for outcome reasons and logs. */
final class Causes {

    private Causes() {
    }

    static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String outer = e.getClass().getSimpleName() + ": " + e.getMessage();
        return root == e ? outer : outer + " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
    }
}
