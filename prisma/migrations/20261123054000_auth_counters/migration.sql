-- CreateTable
CREATE TABLE `auth_counters` (
    `scope` ENUM('login', 'manager_password', 'admin_login', 'signup') NOT NULL,
    `keyHash` CHAR(64) NOT NULL,
    `count` INTEGER NOT NULL DEFAULT 0,
    `windowStart` DATETIME(3) NOT NULL,
    `updatedAt` DATETIME(3) NOT NULL,

    INDEX `auth_counters_updatedAt_idx`(`updatedAt`),
    PRIMARY KEY (`scope`, `keyHash`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
