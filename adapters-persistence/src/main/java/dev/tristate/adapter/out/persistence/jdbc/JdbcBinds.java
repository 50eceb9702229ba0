package dev.tristate.adapter.out.persistence.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;

/**
 * Values bound to the plain JDBC statements exactly as MyBatis' type handlers bind them, so that a row reads the same
 * whichever of the two wrote it: date-times as {@link UtcDateTimeTypeHandler} does, and a null as MyBatis binds one.
 */
public final class JdbcBinds {

    private JdbcBinds() {
    }

    // MyBatis binds a null parameter with setNull(i, jdbcTypeForNull), OTHER by default, whatever its Java type.

    public static void string(PreparedStatement ps, int i, String value) throws SQLException {
        if (value == null) {
            ps.setNull(i, Types.OTHER);
        } else {
            ps.setString(i, value);
        }
    }

    public static void bigint(PreparedStatement ps, int i, Long value) throws SQLException {
        if (value == null) {
            ps.setNull(i, Types.OTHER);
        } else {
            ps.setLong(i, value);
        }
    }

    public static void integer(PreparedStatement ps, int i, Integer value) throws SQLException {
        if (value == null) {
            ps.setNull(i, Types.OTHER);
        } else {
            ps.setInt(i, value);
        }
    }

    public static void bytes(PreparedStatement ps, int i, byte[] value) throws SQLException {
        if (value == null) {
            ps.setNull(i, Types.OTHER);
        } else {
            ps.setBytes(i, value);
        }
    }

    public static void dateTime(PreparedStatement ps, int i, LocalDateTime value) throws SQLException {
        if (value == null) {
            ps.setNull(i, Types.OTHER);
        } else {
            UtcDateTimeTypeHandler.bind(ps, i, value);
        }
    }
}
