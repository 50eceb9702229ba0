package dev.tristate.simulator.alipay;

import tools.jackson.databind.node.ObjectNode;

/** What an open-API method answers: its JSON answer (perhaps only after a hang), or a redirect of the buyer. */
record MethodResult(ObjectNode answer, boolean hang, String redirect) {

    static MethodResult answer(ObjectNode answer) {
        return new MethodResult(answer, false, null);
    }

    static MethodResult redirect(String location) {
        return new MethodResult(null, false, location);
    }
}
