package dev.tristate.adapter.out.persistence.console;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.console.ConsoleUserMapper.ConsoleUserRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import java.util.List;
import java.util.Optional;

public class MyBatisConsoleUserRepository implements ConsoleUserRepository {

    private final ConsoleUserMapper mapper;

    public MyBatisConsoleUserRepository(ConsoleUserMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void insert(ConsoleUser user) {
        translate(() -> mapper.insert(toRow(user)));
    }

    @Override
    public Optional<ConsoleUser> findByUsername(String username) {
        return translate(() -> Optional.ofNullable(mapper.findByUsername(username)))
                .map(MyBatisConsoleUserRepository::toUser);
    }

    @Override
    public List<ConsoleUser> findAll() {
        return translate(mapper::findAll).stream().map(MyBatisConsoleUserRepository::toUser).toList();
    }

    @Override
    public boolean update(ConsoleUser user) {
        return translate(() -> mapper.update(toRow(user))) == 1;
    }

    private static ConsoleUserRow toRow(ConsoleUser user) {
        ConsoleUserRow row = new ConsoleUserRow();
        row.username = user.username();
        row.passwordHash = user.passwordHash();
        row.role = user.role().name();
        row.enabled = user.enabled();
        row.createdAt = Rows.utc(user.createdAt());
        return row;
    }

    private static ConsoleUser toUser(ConsoleUserRow row) {
        return new ConsoleUser(row.username, row.passwordHash, ConsoleRole.valueOf(row.role), row.enabled,
                Rows.instant(row.createdAt));
    }

    @Override
    public long countByRole(ConsoleRole role) {
        return translate(() -> mapper.countByRole(role.name()));
    }
}
