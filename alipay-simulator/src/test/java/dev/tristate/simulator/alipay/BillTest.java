package dev.tristate.simulator.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.request.AlipayDataDataserviceBillDownloadurlQueryRequest;
import com.alipay.api.request.AlipayTradeRefundRequest;
import com.alipay.api.response.AlipayDataDataserviceBillDownloadurlQueryResponse;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;

/** The daily bill: fetched as Alipay's (a URL, then a GBK zip), laid out as Alipay publishes it, seedable. */
class BillTest extends AlipaySimulatorIntegrationBase {

    @Test
    void theBillOfADayIsAZipOfTheGbkDetailAndSummaryLaidOutAsAlipays() throws Exception {
        clock.set(Instant.parse("2030-07-01T01:00:00Z"));
        String paid = paidTrade("19.99");
        AlipayTradeRefundRequest refund = new AlipayTradeRefundRequest();
        refund.setBizContent("{\"out_trade_no\":\"" + paid + "\",\"out_request_no\":\"rfd_1\","
                + "\"refund_amount\":\"5.00\"}");
        execute(refund);
        String missing = paidTrade("3.00");
        String changed = paidTrade("4.00");
        LocalDate day = LocalDate.of(2030, 7, 1);
        simulator.seedBill(APP_ID, day, BillSeed.NONE.without(missing).withAmount(changed, 401)
                .withTrade("2030070122001999", "never_ours", 700, Instant.parse("2030-07-01T03:00:00Z")));
        clock.set(Instant.parse("2030-07-02T01:00:00Z"));

        Map<String, String> files = unzip(download("2030-07-01"));

        assertThat(files.keySet()).containsExactly(SELLER_ID + "0156_20300701_业务明细.csv",
                SELLER_ID + "0156_20300701_业务明细(汇总).csv");
        List<String> detail = files.get(SELLER_ID + "0156_20300701_业务明细.csv").lines().toList();
        assertThat(detail.subList(0, 5)).containsExactly("#支付宝业务明细查询", "#账号：[" + SELLER_ID + "0156]",
                "#起始日期：[2030年07月01日 00:00:00]   终止日期：[2030年07月02日 00:00:00]",
                "#-----------------------------------------业务明细列表----------------------------------------",
                BillFile.DETAIL_HEADER);
        String tradeNo = simulator.tradeNo(APP_ID, paid);
        assertThat(detail).anyMatch(line -> line.startsWith(tradeNo + "\t," + paid + "\t,交易\t,Java 101,")
                && line.contains(",19.99,19.99,"));
        assertThat(detail).anyMatch(line -> line.startsWith(tradeNo + "\t," + paid + "\t,退款\t,")
                && line.contains(",19.99,-5.00,") && line.contains(",rfd_1\t,"));
        assertThat(detail).noneMatch(line -> line.contains(missing));
        assertThat(detail).anyMatch(line -> line.contains(changed) && line.contains(",4.01,4.01,"));
        assertThat(detail).anyMatch(line -> line.startsWith("2030070122001999\t,never_ours\t,交易"));
        assertThat(detail.subList(detail.size() - 4, detail.size())).satisfies(footer -> {
            assertThat(footer.get(0)).contains("业务明细列表结束");
            assertThat(footer.get(1)).isEqualTo("#交易合计：3笔，商家实收共31.00元，商家优惠共0.00元");
            assertThat(footer.get(2)).isEqualTo("#退款合计：1笔，商家实收退款共-5.00元，商家优惠退款共0.00元");
            assertThat(footer.get(3)).startsWith("#导出时间：[2030年07月02日 09:00:00");
        });
        assertThat(files.get(SELLER_ID + "0156_20300701_业务明细(汇总).csv")).contains(BillFile.SUMMARY_HEADER)
                .contains(",合计,3,1,");
    }

    @Test
    void todaysBillDoesNotExistYet() {
        AlipayDataDataserviceBillDownloadurlQueryRequest request = new AlipayDataDataserviceBillDownloadurlQueryRequest();
        request.setBizContent("{\"bill_type\":\"trade\",\"bill_date\":\"" + LocalDate.of(2030, 6, 15) + "\"}");

        assertThat(execute(request).getSubCode()).isEqualTo("isp.bill_not_exist");
    }

    private byte[] download(String day) throws Exception {
        AlipayDataDataserviceBillDownloadurlQueryRequest request = new AlipayDataDataserviceBillDownloadurlQueryRequest();
        request.setBizContent("{\"bill_type\":\"trade\",\"bill_date\":\"" + day + "\"}");
        AlipayDataDataserviceBillDownloadurlQueryResponse answer = execute(request);
        assertThat(answer.isSuccess()).as(answer.getBody()).isTrue();
        HttpResponse<byte[]> file = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(answer.getBillDownloadUrl())).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(file.statusCode()).isEqualTo(200);
        return file.body();
    }

    private static Map<String, String> unzip(byte[] zip) throws Exception {
        Map<String, String> files = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), BillFile.GBK)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                files.put(entry.getName(), new String(in.readAllBytes(), BillFile.GBK));
            }
        }
        return files;
    }
}
