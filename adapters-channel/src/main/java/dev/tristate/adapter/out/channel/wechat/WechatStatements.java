package dev.tristate.adapter.out.channel.wechat;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.billdownload.BillDownloadService;
import com.wechat.pay.java.service.billdownload.DigestBillEntity;
import com.wechat.pay.java.service.billdownload.model.BillType;
import com.wechat.pay.java.service.billdownload.model.GetTradeBillRequest;
import com.wechat.pay.java.service.billdownload.model.QueryBillEntity;
import com.wechat.pay.java.service.billdownload.model.TarType;
import dev.tristate.adapter.out.channel.wechat.WechatCalls.Effect;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.reconciliation.StatementLine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * The day's trade bill: {@code GET /v3/bill/tradebill} ({@code bill_type=ALL}, {@code tar_type=GZIP}) for the URL
 * and its SHA-1, the file downloaded through the SDK's client (no more than {@code maxBytes}, unpacked no more than
 * {@code maxBytes} either), its digest checked with the SDK's {@link DigestBillEntity}, and the lines read by
 * {@link WechatBillParser}. An uploaded file may be the CSV or its gzip.
 */
final class WechatStatements {

    /** WeChat Pay has no bill of that day (yet): before about 10:00 the next day, or a day without trades. */
    private static final Set<String> NOT_YET = Set.of("NO_STATEMENT_EXIST", "STATEMENT_CREATING");

    private final WechatCalls calls;

    WechatStatements(WechatCalls calls) {
        this.calls = calls;
    }

    ChannelStatement fetch(LocalDate day, String mchid, long maxBytes) {
        String what = "the trade bill of " + day + " of merchant " + mchid;
        return calls.call(mchid, Effect.READS, what, merchant -> {
            BillDownloadService service = new BillDownloadService.Builder().httpClient(merchant.http())
                    .decryptor(merchant.config().createDecryptor()).build();
            GetTradeBillRequest request = new GetTradeBillRequest();
            request.setBillDate(day.toString());
            request.setBillType(BillType.ALL);
            request.setTarType(TarType.GZIP);
            QueryBillEntity bill;
            try {
                bill = service.getTradeBill(request);
            } catch (ServiceException refused) {
                if (NOT_YET.contains(refused.getErrorCode())) {
                    throw new ChannelFailure(OutcomeClass.RETRYABLE, "WeChat Pay has no bill of " + day + " yet ("
                            + refused.getErrorCode() + ")", refused);
                }
                throw refused;
            }
            if (bill.getDownloadUrl() == null || bill.getHashValue() == null || bill.getHashType() == null) {
                throw new ChannelFailure(OutcomeClass.UNKNOWN, "WeChat Pay answered " + what
                        + " without its download URL or digest", null);
            }
            byte[] downloaded;
            try (InputStream body = merchant.http().download(bill.getDownloadUrl())) {
                downloaded = body == null ? new byte[0] : body.readNBytes(cap(maxBytes));
            } catch (IOException e) {
                throw new ChannelFailure(OutcomeClass.UNKNOWN, "the bill download broke off for " + what, e);
            }
            if (downloaded.length > maxBytes) {
                throw tooLarge(downloaded.length, maxBytes);
            }
            byte[] file = plain(downloaded, maxBytes);
            DigestBillEntity digest = new DigestBillEntity(new ByteArrayInputStream(file), bill.getHashValue(),
                    bill.getHashType());
            try (InputStream through = digest.getInputStream()) {
                through.transferTo(java.io.OutputStream.nullOutputStream());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (!digest.verifyHash()) {
                throw UnreadableStatement.of(0, null, "the file's " + bill.getHashType()
                        + " is not the one WeChat Pay gave for it");
            }
            return ChannelStatement.of(WechatBillParser.parse(file, day, mchid), downloaded);
        });
    }

    /** An uploaded bill: the CSV, or its gzip. */
    static List<StatementLine> parse(byte[] file, LocalDate day, long maxBytes) {
        if (file.length > maxBytes) {
            throw tooLarge(file.length, maxBytes);
        }
        return WechatBillParser.parse(plain(file, maxBytes), day, null);
    }

    /** The CSV of a gzip (unpacked bytes capped at {@code maxBytes}), or the bytes themselves. */
    private static byte[] plain(byte[] file, long maxBytes) {
        boolean gzip = file.length >= 2 && (file[0] & 0xff) == 0x1f && (file[1] & 0xff) == 0x8b;
        if (!gzip) {
            return file;
        }
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(file))) {
            byte[] unpacked = in.readNBytes(cap(maxBytes));
            if (unpacked.length > maxBytes) {
                throw tooLarge(unpacked.length, maxBytes);
            }
            return unpacked;
        } catch (IOException e) {
            throw UnreadableStatement.of(0, null, "the gzip cannot be read");
        }
    }

    private static int cap(long maxBytes) {
        return (int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1);
    }

    private static UnreadableStatement tooLarge(long size, long maxBytes) {
        return UnreadableStatement.of(0, null, "the bill is larger than " + maxBytes + " bytes (" + size
                + (size > maxBytes ? "+" : "") + ")");
    }
}
