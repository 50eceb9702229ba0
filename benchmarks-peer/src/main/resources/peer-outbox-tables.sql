-- namastack-outbox 1.6.0's tables for MariaDB/MySQL (its schema/mariadb/outbox-tables.sql: the same tables, columns
-- and indexes), changed only so that completed_at - created_at measures milliseconds, as Tristate's DATETIME(6)
-- sent_at - created_at does: the time columns hold microseconds (TIMESTAMP(6), not TIMESTAMP), and two triggers stamp
-- created_at when a record is inserted and completed_at when it turns COMPLETED with the database's NOW(6).
-- namastack binds java.sql.Timestamp, and MySQL Connector/J sends MariaDB those without their fraction (it reads
-- MariaDB's "5.5.5-" version prefix as a server older than fractional seconds), so every time would be whole seconds.
CREATE TABLE IF NOT EXISTS outbox_record
(
    id             VARCHAR(255)                                          NOT NULL,
    status         VARCHAR(20)                                           NOT NULL,
    record_key     VARCHAR(255)                                          NOT NULL,
    record_type    VARCHAR(255)                                          NOT NULL,
    payload        LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL,
    context        LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci DEFAULT NULL NULL,
    created_at     TIMESTAMP(6)                                          NOT NULL,
    completed_at   TIMESTAMP(6)  DEFAULT NULL                            NULL,
    failure_count  INT                                                   NOT NULL,
    failure_reason VARCHAR(1000) DEFAULT NULL                            NULL,
    next_retry_at  TIMESTAMP(6)                                          NOT NULL,
    partition_no   INT                                                   NOT NULL,
    handler_id     VARCHAR(1000)                                         NOT NULL,
    PRIMARY KEY (id),
    INDEX idx_outbox_record_record_key_created (record_key, created_at),
    INDEX idx_outbox_record_partition_status_retry (partition_no, status, next_retry_at),
    INDEX idx_outbox_record_status_retry (status, next_retry_at),
    INDEX idx_outbox_record_status (status),
    INDEX idx_outbox_record_record_key_completed_created (record_key, completed_at, created_at)
) ENGINE = InnoDB;

CREATE TABLE IF NOT EXISTS outbox_instance
(
    instance_id    VARCHAR(255) PRIMARY KEY,
    hostname       VARCHAR(255) NOT NULL,
    port           INT          NOT NULL,
    status         VARCHAR(50)  NOT NULL,
    started_at     TIMESTAMP    NOT NULL,
    last_heartbeat TIMESTAMP    NOT NULL,
    created_at     TIMESTAMP    NOT NULL,
    updated_at     TIMESTAMP    NOT NULL,
    INDEX idx_outbox_instance_status_heartbeat (status, last_heartbeat),
    INDEX idx_outbox_instance_last_heartbeat (last_heartbeat),
    INDEX idx_outbox_instance_status (status)
) ENGINE = InnoDB;

CREATE TABLE IF NOT EXISTS outbox_partition
(
    partition_number INT PRIMARY KEY,
    instance_id      VARCHAR(255),
    version          BIGINT    NOT NULL DEFAULT 0,
    updated_at       TIMESTAMP NOT NULL,
    INDEX idx_outbox_partition_instance_id (instance_id)
) ENGINE = InnoDB;

CREATE TRIGGER IF NOT EXISTS outbox_record_created BEFORE INSERT ON outbox_record FOR EACH ROW
    SET NEW.created_at = NOW(6);

-- namastack's UPDATE writes every column back, created_at included (whole seconds): the insert's time is kept.
CREATE TRIGGER IF NOT EXISTS outbox_record_completed BEFORE UPDATE ON outbox_record FOR EACH ROW
    SET NEW.created_at = OLD.created_at,
        NEW.completed_at = IF(NEW.status = 'COMPLETED' AND OLD.status <> 'COMPLETED', NOW(6), NEW.completed_at);
