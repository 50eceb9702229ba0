package dev.tristate.adapter.out.persistence;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
interface ConsoleUserMapper {

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
}
