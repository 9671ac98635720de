-- CreateTable
CREATE TABLE `auth_counters` (
    `id` BIGINT NOT NULL AUTO_INCREMENT,
    `scope` ENUM('login', 'manager_password', 'admin_login', 'signup') NOT NULL,
    `keyHash` CHAR(64) NOT NULL,
    `count` INTEGER NOT NULL DEFAULT 0,
    `windowStart` DATETIME(3) NOT NULL,
    `updatedAt` DATETIME(3) NOT NULL,

    INDEX `auth_counters_updatedAt_idx`(`updatedAt`),
    UNIQUE INDEX `auth_counters_scope_keyHash_key`(`scope`, `keyHash`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
