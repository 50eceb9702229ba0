package dev.tristate.adapter.out.persistence;

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
    static void bind(PreparedStatement ps, int i, LocalDateTime value) throws SQLException {
        ps.setString(i, LITERAL.format(value));
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
