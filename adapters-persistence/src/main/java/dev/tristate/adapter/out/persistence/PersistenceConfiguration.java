package dev.tristate.adapter.out.persistence;

import dev.tristate.adapter.out.persistence.callback.CallbackStatements;
import dev.tristate.adapter.out.persistence.console.ConsoleUserMapper;
import dev.tristate.adapter.out.persistence.console.JdbcDatabaseSettings;
import dev.tristate.adapter.out.persistence.console.MyBatisConsoleUserRepository;
import dev.tristate.adapter.out.persistence.jdbc.StoreJdbc;
import dev.tristate.adapter.out.persistence.jdbc.UtcDateTimeTypeHandler;
import dev.tristate.adapter.out.persistence.payment.MyBatisPaymentRepository;
import dev.tristate.adapter.out.persistence.payment.PaymentMapper;
import dev.tristate.adapter.out.persistence.tenant.ChannelSecretMapper;
import dev.tristate.adapter.out.persistence.tenant.MyBatisChannelCredentialStore;
import dev.tristate.adapter.out.persistence.tenant.MyBatisTenantRepository;
import dev.tristate.adapter.out.persistence.tenant.SecretCipher;
import dev.tristate.adapter.out.persistence.tenant.TenantMapper;
import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.application.console.port.out.DatabaseSettings;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import java.security.SecureRandom;
import java.time.Clock;
import javax.sql.DataSource;
import org.apache.ibatis.session.SqlSessionFactory;
import org.mybatis.spring.annotation.MapperScan;
import org.mybatis.spring.boot.autoconfigure.ConfigurationCustomizer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.transaction.PlatformTransactionManager;

/** The persistence adapter's beans: the outbound ports on MyBatis, with Liquibase owning the schema. */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:tristate-persistence.properties")
@Import({DataSourceConfiguration.class, NotificationPersistenceConfiguration.class,
        MerchantApiPersistenceConfiguration.class, OutboxRelayPersistenceConfiguration.class,
        ReconciliationPersistenceConfiguration.class, ConsumerPersistenceConfiguration.class})
@MapperScan(basePackageClasses = PersistenceConfiguration.class, annotationClass = org.apache.ibatis.annotations.Mapper.class)
public class PersistenceConfiguration {

    /** Liquibase runs only when this changelog has not been applied in full yet (see the class for why). */
    @Bean
    static BeanPostProcessor appliedChangelogSkip(
            @Value("${tristate.schema.skip-applied-changelog:true}") boolean skipAppliedChangelog) {
        if (!skipAppliedChangelog) {
            return new BeanPostProcessor() { };
        }
        return new AppliedChangelogSkip(new PathMatchingResourcePatternResolver(), Clock.systemUTC());
    }

    @Bean
    ConfigurationCustomizer tristateMyBatisTypes(
            @Value("${tristate.datasource.statement-timeout:10s}") java.time.Duration statementTimeout) {
        return configuration -> {
            configuration.getTypeHandlerRegistry()
                    .register(java.time.LocalDateTime.class, new UtcDateTimeTypeHandler());
            configuration.setDefaultStatementTimeout(StoreJdbc.timeoutSeconds(statementTimeout));
        };
    }

    /**
     * The statements of an applied callback in plain JDBC, on MyBatis' data source (the one DataSource bean, which
     * the auto-configured SqlSessionFactory is built on) and so in the same Spring transaction.
     */
    @Bean
    CallbackStatements callbackStatements(DataSource dataSource, SqlSessionFactory sqlSessionFactory,
            @Value("${tristate.datasource.statement-timeout:10s}") java.time.Duration statementTimeout) {
        return new CallbackStatements(StoreJdbc.template(dataSource, statementTimeout), sqlSessionFactory);
    }

    @Bean
    Transactions transactions(PlatformTransactionManager transactionManager) {
        return new SpringTransactions(transactionManager);
    }

    @Bean
    SecretCipher secretCipher(@Value("${tristate.security.master-key:}") String masterKey) {
        return SecretCipher.fromBase64(masterKey, new SecureRandom());
    }

    @Bean
    DatabaseSettings databaseSettings(DataSource dataSource) {
        return new JdbcDatabaseSettings(dataSource);
    }

    @Bean
    TenantRepository tenantRepository(TenantMapper mapper) {
        return new MyBatisTenantRepository(mapper);
    }

    @Bean
    PaymentRepository paymentRepository(PaymentMapper mapper, CallbackStatements statements) {
        return new MyBatisPaymentRepository(mapper, statements);
    }

    @Bean
    ChannelCredentialStore channelCredentialStore(ChannelSecretMapper mapper, CallbackStatements statements,
            SecretCipher cipher) {
        return new MyBatisChannelCredentialStore(mapper, statements, cipher);
    }

    @Bean
    ConsoleUserRepository consoleUserRepository(ConsoleUserMapper mapper) {
        return new MyBatisConsoleUserRepository(mapper);
    }
}
