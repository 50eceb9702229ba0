package dev.tristate.adapter.out.persistence.jdbc;

import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import org.apache.ibatis.type.BaseTypeHandler;
import org.apache.ibatis.type.JdbcType;

/**
 * Binds DATETIME(6) values as text. MariaDB announces itself to MySQL Connector/J as "5.5.5-10.x", a version the
 * driver believes cannot store fractional seconds, so a LocalDateTime bound natively loses its microseconds there;
 * the literal keeps them on MariaDB, MySQL and H2 alike. Reading is unaffected.
 */
public class UtcDateTimeTypeHandler extends BaseTypeHandler<LocalDateTime> {

    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    @Override
    public void setNonNullParameter(PreparedStatement ps, int i, LocalDateTime parameter, JdbcType jdbcType)
            throws SQLException {
        bind(ps, i, parameter);
    }

    /** Binds a UTC date-time as this handler does, for statements written with plain JDBC. */
    public static void bind(PreparedStatement ps, int i, LocalDateTime value) throws SQLException {
        ps.setString(i, literal(value));
    }

    /**
     * The literal {@code yyyy-MM-dd HH:mm:ss.SSSSSS}. For the years a DATETIME holds (and every year of four digits)
     * it is written digit by digit: the callback path binds five date-times per callback, and the formatter's general
     * machinery took about 2% of the request thread's CPU. Other years go to the formatter.
     */
    public static String literal(LocalDateTime value) {
        int year = value.getYear();
        if (year < 1 || year > 9999) {
            return LITERAL.format(value);
        }
        char[] c = new char[26];
        digits(c, 0, 4, year);
        c[4] = '-';
        digits(c, 5, 2, value.getMonthValue());
        c[7] = '-';
        digits(c, 8, 2, value.getDayOfMonth());
        c[10] = ' ';
        digits(c, 11, 2, value.getHour());
        c[13] = ':';
        digits(c, 14, 2, value.getMinute());
        c[16] = ':';
        digits(c, 17, 2, value.getSecond());
        c[19] = '.';
        digits(c, 20, 6, value.getNano() / 1000);
        return new String(c);
    }

    /** {@code value} as {@code width} decimal digits, zero-padded, into c from {@code at}. */
    private static void digits(char[] c, int at, int width, int value) {
        for (int i = at + width - 1; i >= at; i--) {
            c[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    @Override
    public LocalDateTime getNullableResult(ResultSet rs, String columnName) throws SQLException {
        return rs.getObject(columnName, LocalDateTime.class);
    }

    @Override
    public LocalDateTime getNullableResult(ResultSet rs, int columnIndex) throws SQLException {
        return rs.getObject(columnIndex, LocalDateTime.class);
    }

    @Override
    public LocalDateTime getNullableResult(CallableStatement cs, int columnIndex) throws SQLException {
        return cs.getObject(columnIndex, LocalDateTime.class);
    }
}
