package dev.tristate.adapter.out.channel.alipay;

import com.alipay.api.request.AlipayDataDataserviceBillDownloadurlQueryRequest;
import com.alipay.api.response.AlipayDataDataserviceBillDownloadurlQueryResponse;
import dev.tristate.adapter.out.channel.alipay.AlipayCalls.Kind;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.reconciliation.StatementLine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The daily trade bill: {@code alipay.data.dataservice.bill.downloadurl.query} for the URL, the zip downloaded from it
 * (no more than {@code maxBytes}), its detail CSV (GBK) read by {@link AlipayBillParser}. An uploaded file may be the
 * zip or the detail CSV itself (GBK, or UTF-8 when a person saved it so).
 */
final class AlipayBills {

    private static final Charset GBK = Charset.forName("GBK");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final AlipayCalls calls;
    private final AlipayGatewaySettings settings;
    private final AlipaySellerIds sellerIds;
    private final HttpClient http;

    AlipayBills(AlipayCalls calls, AlipayGatewaySettings settings, AlipaySellerIds sellerIds) {
        this.calls = calls;
        this.settings = settings;
        this.sellerIds = sellerIds;
        this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout())
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    ChannelStatement fetch(LocalDate day, String appId, long maxBytes) {
        ObjectNode biz = JSON.createObjectNode().put("bill_type", "trade").put("bill_date", day.toString());
        AlipayDataDataserviceBillDownloadurlQueryRequest request =
                new AlipayDataDataserviceBillDownloadurlQueryRequest();
        request.setBizContent(JSON.writeValueAsString(biz));
        String what = "the bill of " + day + " of app " + appId;
        AlipayDataDataserviceBillDownloadurlQueryResponse response = calls.execute(request, appId, what);
        if (!response.isSuccess()) {
            if ("isp.bill_not_exist".equals(response.getSubCode())) {
                throw new ChannelFailure(OutcomeClass.RETRYABLE, "Alipay has no bill of " + day + " yet", null);
            }
            throw AlipayCalls.refusal(response, Kind.READS, what);
        }
        byte[] file = download(response.getBillDownloadUrl(), maxBytes, what);
        return ChannelStatement.of(parse(file, day, sellerIds.sellerIdOf(appId).orElse(null), maxBytes), file);
    }

    static List<StatementLine> parse(byte[] file, LocalDate day, String sellerId, long maxBytes) {
        if (file.length > maxBytes) {
            throw tooLarge(file.length, maxBytes);
        }
        boolean zip = file.length >= 4 && file[0] == 'P' && file[1] == 'K' && file[2] == 3 && file[3] == 4;
        return AlipayBillParser.parse(zip ? detailOf(file, maxBytes) : text(file), day, sellerId);
    }

    private byte[] download(String url, long maxBytes, String what) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Alipay gave no usable bill URL for " + what, e);
        }
        if (!"https".equals(uri.getScheme()) && !"http".equals(uri.getScheme())) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Alipay gave no usable bill URL for " + what, null);
        }
        HttpResponse<InputStream> response;
        try {
            response = http.send(HttpRequest.newBuilder(uri).timeout(settings.readTimeout()).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
        } catch (ConnectException e) {
            throw new ChannelFailure(OutcomeClass.RETRYABLE, "the bill server was not reached for " + what, e);
        } catch (IOException e) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "the bill download broke off for " + what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "interrupted while downloading " + what, e);
        }
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                // The URL is short-lived: a fresh one is asked for on the next try.
                throw new ChannelFailure(OutcomeClass.RETRYABLE, "the bill download answered "
                        + response.statusCode() + " for " + what, null);
            }
            byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                throw tooLarge(bytes.length, maxBytes);
            }
            return bytes;
        } catch (IOException e) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "the bill download broke off for " + what, e);
        }
    }

    /** The one detail CSV of the zip (not the summary), decoded; unpacked bytes are capped at {@code maxBytes}. */
    private static String detailOf(byte[] zip, long maxBytes) {
        byte[] detail = null;
        long unpacked = 0;
        try (ZipInputStream entries = new ZipInputStream(new ByteArrayInputStream(zip), GBK)) {
            for (ZipEntry entry = entries.getNextEntry(); entry != null; entry = entries.getNextEntry()) {
                byte[] content = entries.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes - unpacked + 1));
                unpacked += content.length;
                if (unpacked > maxBytes) {
                    throw tooLarge(unpacked, maxBytes);
                }
                if (entry.getName().endsWith("业务明细.csv")) {
                    if (detail != null) {
                        throw UnreadableStatement.of(0, null, "the zip holds more than one bill detail");
                    }
                    detail = content;
                }
            }
        } catch (ZipException | IllegalArgumentException e) {
            throw UnreadableStatement.of(0, null, "the zip cannot be read: " + e.getMessage());
        } catch (IOException e) {
            throw UnreadableStatement.of(0, null, "the zip cannot be read");
        }
        if (detail == null) {
            throw UnreadableStatement.of(0, null, "the zip holds no 业务明细.csv");
        }
        return text(detail);
    }

    /**
     * GBK as Alipay writes it, or UTF-8 (with or without BOM) as a person may have saved it. UTF-8 is tried first:
     * Chinese GBK text is practically never valid UTF-8, while UTF-8 bytes often pass as (wrong) GBK.
     */
    private static String text(byte[] bytes) {
        try {
            String utf8 = strict(StandardCharsets.UTF_8, bytes);
            return utf8.startsWith("\uFEFF") ? utf8.substring(1) : utf8;
        } catch (CharacterCodingException notUtf8) {
            try {
                return strict(GBK, bytes);
            } catch (CharacterCodingException neither) {
                throw UnreadableStatement.of(0, null, "the bill is neither GBK nor UTF-8 text");
            }
        }
    }

    private static String strict(Charset charset, byte[] bytes) throws CharacterCodingException {
        return charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    }

    private static UnreadableStatement tooLarge(long size, long maxBytes) {
        return UnreadableStatement.of(0, null, "the bill is " + size + " bytes or more, more than the limit of "
                + maxBytes + " bytes");
    }
}
