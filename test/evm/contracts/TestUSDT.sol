// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./TestERC20.sol";

/// @title TestUSDT
/// @notice USDT-style ERC-20: like Tether on Ethereum mainnet, `approve` reverts when changing a
///         non-zero allowance to another non-zero value, so a spender's allowance must first be
///         reset to 0. (Real USDT also returns no bool; this one keeps the standard return value so
///         that viem's `erc20Abi` decodes it, the behaviour under test is the revert.)
contract TestUSDT is TestERC20 {
    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        address[] memory holders,
        uint256 amountEach
    ) TestERC20(name_, symbol_, decimals_, holders, amountEach) {}

    function approve(address spender, uint256 value) public override returns (bool) {
        require(
            value == 0 || allowance[msg.sender][spender] == 0,
            "USDT: approve from non-zero to non-zero allowance"
        );
        return super.approve(spender, value);
    }
}
