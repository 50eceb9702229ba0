package dev.tristate.adapter.out.persistence.console;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface ConsoleUserMapper {

    class ConsoleUserRow {
        String username;
        String passwordHash;
        String role;
        boolean enabled;
        LocalDateTime createdAt;
    }

    int insert(ConsoleUserRow row);

    ConsoleUserRow findByUsername(@Param("username") String username);

    long countByRole(@Param("role") String role);

    List<ConsoleUserRow> findAll();

    int update(ConsoleUserRow row);
}
