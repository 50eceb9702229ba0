package dev.tristate.simulator.wechat;

import dev.tristate.simulator.kit.BackgroundScheduler;
import org.springframework.stereotype.Component;

/** The WeChat Pay simulator's timer: notifications, their re-sends and refunds that settle later. */
@Component
class WechatSimulatorScheduler extends BackgroundScheduler {

    WechatSimulatorScheduler() {
        super("wechat-simulator");
    }
}
